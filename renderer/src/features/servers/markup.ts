// Mantine's Text, Group and table parts written as the markup they render (the same classes,
// data attributes and CSS variables) for the servers table's cells (issue 40 item 3). Each
// Mantine component resolves its props, theme and styles on every mount: ~15 of them per row
// were most of the time from the servers' answer to 50 rows painted, for cells that only hold
// text. A row keeps Mantine's components where they carry behaviour or theme colours (badges,
// buttons, action icons). test/renderer/servers/servers-markup.test.tsx renders each helper beside
// the component it stands for and compares the two, so a Mantine update that changes its
// markup fails there rather than on screen.
import { Group, rem, Table, Text } from '@mantine/core';
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
