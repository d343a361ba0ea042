// The one theme (UI-9): Mantine's components with tokens for both schemes. Colours are chosen
// by measured contrast, not by eye: every text colour a variant can put on the page is pushed
// darker (light scheme) or lighter (dark scheme) until it reaches AA_TEXT against the body, so
// axe's colour-contrast rule holds for badges, alerts, links and dimmed text alike.
import type { ReactNode } from 'react';
import {
  createTheme,
  darken,
  DEFAULT_THEME,
  lighten,
  MantineProvider,
  type CSSVariablesResolver,
  type MantineColorSchemeManager,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { Theme } from './stores/ui-slice';

/** WCAG AA for normal text is 4.5:1; a little headroom because light variants tint the background. */
const AA_TEXT = 5.2;

function channel(hex: string, i: number): number {
  const v = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}
function lum(hex: string): number {
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2);
}
function contrast(a: string, b: string): number {
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}
function toHex(color: string): string {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (!m) return color;
  return `#${[m[1], m[2], m[3]].map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
}
/** Steps a colour towards black or white until it reads on `body`. */
function readable(start: string, body: string, towards: 'dark' | 'light'): string {
  let c = toHex(start);
  for (let i = 0; i < 20 && contrast(c, body) < AA_TEXT; i++) c = toHex(towards === 'dark' ? darken(c, 0.08) : lighten(c, 0.08));
  return c;
}

const LIGHT_BODY = '#ffffff';
const DARK_BODY = DEFAULT_THEME.colors.dark[7];

export const panelTheme = createTheme({
  primaryColor: 'indigo',
  // Filled buttons: white on indigo.8 is 5.7:1 in both schemes (indigo.6, the default, is 4.3:1).
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  fontFamily: "system-ui, 'DejaVu Sans', 'Noto Sans CJK SC', sans-serif",
  fontFamilyMonospace: "ui-monospace, 'DejaVu Sans Mono', monospace",
  headings: { fontFamily: "system-ui, 'DejaVu Sans', 'Noto Sans CJK SC', sans-serif" },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  focusRing: 'auto',
});

const colourNames = Object.keys(DEFAULT_THEME.colors);

function schemeVariables(body: string, towards: 'dark' | 'light', shade: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of colourNames) {
    const scale = DEFAULT_THEME.colors[name]!;
    const c = readable(scale[shade]!, body, towards);
    // Light variants (badges, light buttons, the active nav item) put their text on a tint, and on
    // a darker tint under the pointer (Mantine: colour 2 in light, colour 9 darkened 30 % in dark):
    // measured against that, so hovering never drops the text below AA.
    const hover = towards === 'dark' ? scale[2]! : toHex(darken(scale[9]!, 0.3));
    out[`--mantine-color-${name}-light-color`] = readable(c, hover, towards);
    out[`--mantine-color-${name}-text`] = c;
    out[`--mantine-color-${name}-outline`] = c;
  }
  const gray = DEFAULT_THEME.colors.gray;
  const dark = DEFAULT_THEME.colors.dark;
  // Dimmed text also sits on hovered and selected rows (Mantine's default-hover: gray.0 in light,
  // dark.5 in dark), which is closer to it than the body is: measured against that too.
  const defaultHover = towards === 'dark' ? gray[0]! : dark[5]!;
  out['--mantine-color-dimmed'] = readable(readable(towards === 'dark' ? gray[6]! : dark[2]!, body, towards), defaultHover, towards);
  out['--mantine-color-placeholder'] = out['--mantine-color-dimmed'];
  out['--mantine-color-anchor'] = out['--mantine-color-indigo-text']!;
  out['--mantine-color-error'] = out['--mantine-color-red-text']!;
  return out;
}

const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: schemeVariables(LIGHT_BODY, 'dark', 8),
  dark: schemeVariables(DARK_BODY, 'light', 3),
});

// The saved setting (app.settings) decides the scheme; Mantine's own localStorage copy would be a
// second source of truth that can disagree with it.
const noStorage: MantineColorSchemeManager = {
  get: (d) => d,
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

/** Mantine for the app and for tests that mount one component: `theme` is the user's setting. */
export function PanelThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  return (
    <MantineProvider
      theme={panelTheme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={noStorage}
      defaultColorScheme="auto"
      {...(theme === 'system' ? {} : { forceColorScheme: theme })}
      // jsdom has no layout: no transitions, and portals rendered in place so queries find them.
      env={/jsdom/.test(navigator.userAgent) ? 'test' : 'default'}
    >
      <Notifications position="bottom-right" />
      {children}
    </MantineProvider>
  );
}
