// Mantine's Text, Group, table parts, Badge and ActionIcon written as the markup they render (the
// same classes, data attributes and CSS variables) for the servers table's rows and the path
// copy button (MiddlePath) in them (issue 40 item 3). Each Mantine component resolves its props, theme and styles on every mount: ~15 of them per
// row were most of the time from the servers' answer to 50 rows painted, and after them two
// badges and two action icons per row (each a Box, the icons an UnstyledButton too) were a fifth
// of what was left. Badges and icons take their colours from Mantine's own varsResolver, once
// per theme, variant and colour. A row keeps Mantine's components where they carry behaviour
// (buttons with a loading state, menus, tooltips). test/renderer/servers/servers-markup.test.tsx
// renders each helper beside the component it stands for and compares the two, so a Mantine
// update that changes its markup fails there rather than on screen.
import { ActionIcon, Badge, Group, rem, Table, Text, UnstyledButton, type MantineTheme } from '@mantine/core';
import type { CSSProperties } from 'react';

type Size = 'sm' | 'xs';
const COLOR = { dimmed: 'var(--mantine-color-dimmed)', red: 'var(--mantine-color-red-text)' } as const;
export type TextColor = keyof typeof COLOR;

export interface TextOptions {
  size: Size;
  c?: TextColor;
  fw?: number;
  fs?: 'italic';
  truncate?: boolean;
  className?: string;
}

export interface Markup {
  className: string;
  style?: CSSProperties;
  [data: `data-${string}`]: string | boolean | undefined;
}

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** What <Text size c fw fs truncate className> puts on its element. */
export function text({ size, c, fw, fs, truncate, className }: TextOptions): Markup {
  const style: Record<string, string | number> = { '--text-fz': `var(--mantine-font-size-${size})`, '--text-lh': `var(--mantine-line-height-${size})` };
  if (c) style.color = COLOR[c];
  if (fw) style.fontWeight = fw;
  if (fs) style.fontStyle = fs;
  return { className: join('mantine-focus-auto', className, Text.classes.root, 'mantine-Text-root'), 'data-size': size, 'data-truncate': truncate ? 'end' : undefined, style };
}

/** What <Group gap wrap justify className> puts on its element (align: center, Group's default). */
export function group({ gap, wrap = 'wrap', justify = 'flex-start', className }: { gap: number; wrap?: 'wrap' | 'nowrap'; justify?: 'flex-start' | 'flex-end'; className?: string }): Markup {
  const style: Record<string, string> = { '--group-gap': rem(gap), '--group-align': 'center', '--group-justify': justify, '--group-wrap': wrap };
  return { className: join(className, Group.classes.root, 'mantine-Group-root'), style };
}

/**
 * What Table.Tr, Table.Th and Table.Td put on their elements in ServersView's tables (row
 * borders, Mantine's default, and highlightOnHover; no striping or column borders).
 */
export const tableRow = (className?: string): Markup => ({ className: join(Table.classes.tr, 'mantine-Table-tr', className), 'data-with-row-border': true, 'data-hover': true });
export const tableCell = (kind: 'td' | 'th', className?: string): Markup => ({ className: join(Table.classes[kind], `mantine-Table-${kind}`, className) });

type Vars = Record<string, string | undefined>;
const resolved = new WeakMap<MantineTheme, Map<string, CSSProperties>>();
/** A varsResolver's root variables without the unset ones, as Mantine's style prop writes them; once per theme and props. */
function vars(theme: MantineTheme, key: string, resolve: () => Vars): CSSProperties {
  let byKey = resolved.get(theme);
  if (!byKey) resolved.set(theme, (byKey = new Map()));
  let style = byKey.get(key);
  if (!style) byKey.set(key, (style = Object.fromEntries(Object.entries(resolve()).filter(([, v]) => v !== undefined))));
  return style;
}

export interface ColorOptions {
  variant: 'light' | 'outline' | 'subtle';
  color: string;
  size?: 'xs' | 'sm';
  className?: string;
}

/** What <Badge variant color size className> puts on its root (a div, or the button given as `component`). */
export function badge(theme: MantineTheme, { variant, color, size, className }: ColorOptions): Markup {
  const style = vars(theme, `badge ${variant} ${color} ${size ?? ''}`, () => Badge.varsResolver(theme, { variant, color, size }, undefined).root);
  return { className: join(className, Badge.classes.root, 'mantine-Badge-root'), 'data-variant': variant, 'data-size': size, style };
}
/** Badge's inner label. */
export const badgeLabel: Markup = { className: join(Badge.classes.label, 'mantine-Badge-label') };

/** What <ActionIcon variant color size> puts on its button (enabled, not loading). */
export function actionIcon(theme: MantineTheme, { variant, color, size, className }: ColorOptions): Markup & { type: 'button' } {
  const style = vars(theme, `ai ${variant} ${color} ${size ?? ''}`, () => ActionIcon.varsResolver(theme, { variant, color, size }, undefined).root);
  return { className: join('mantine-focus-auto mantine-active', className, ActionIcon.classes.root, 'mantine-ActionIcon-root', UnstyledButton.classes.root, 'mantine-UnstyledButton-root'), 'data-variant': variant, 'data-size': size, style, type: 'button' };
}
/** ActionIcon's inner span, around the icon. */
export const actionIconIcon: Markup = { className: join(ActionIcon.classes.icon, 'mantine-ActionIcon-icon') };
