// The servers table writes Mantine's Text, Group, table parts, Badge and ActionIcon as markup
// (renderer/src/components/markup.ts, issue 40 item 3): each helper renders the same element,
// classes, data attributes and style as the component it stands for, in the panel's theme. A
// Mantine update that changes its markup fails here.
import { ActionIcon, Badge, Group, Table, Text, useMantineTheme, type MantineTheme } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { actionIcon, actionIconIcon, badge, badgeLabel, group, tableCell, tableRow, text, type ColorOptions } from '../../../renderer/src/components/markup';
import { TABLE } from '../../../renderer/src/features/servers/ServersView';
import { PanelThemeProvider } from '../../../renderer/src/theme';

/** What the page draws of an element: its tag, classes, attributes and inline style, each sorted. */
function drawn(el: Element) {
  const attrs = [...el.attributes].filter((a) => a.name !== 'class' && a.name !== 'style').map((a) => `${a.name}=${a.value}`).sort();
  const style = (el as HTMLElement).style;
  const decls = [...Array(style.length).keys()].map((i) => `${style.item(i)}:${style.getPropertyValue(style.item(i))}`).sort();
  return { tag: el.tagName, classes: [...el.classList].sort(), attrs, style: decls };
}

/** Our markup, given the theme the page's provider gives (as a row reads it). */
function Themed({ draw }: { draw: (theme: MantineTheme) => ReactNode }) {
  return draw(useMantineTheme());
}

function both(mantine: ReactNode, ours: ReactNode, inner?: string) {
  const a = render(<PanelThemeProvider theme="light">{mantine}</PanelThemeProvider>);
  const b = render(<PanelThemeProvider theme="light">{ours}</PanelThemeProvider>);
  const pick = (c: HTMLElement) => c.querySelector(inner ? `[data-probe] > ${inner}` : '[data-probe]')!;
  const out = [drawn(pick(a.container)), drawn(pick(b.container))] as const;
  a.unmount();
  b.unmount();
  return out;
}

describe('servers table markup (markup.ts) matches the Mantine components it stands for', () => {
  const texts = [
    [{ size: 'sm' }, {}],
    [{ size: 'xs', c: 'dimmed', className: 'line' }, {}],
    [{ size: 'xs', c: 'red', truncate: true, className: 'line text' }, {}],
    [{ size: 'sm', fw: 600, truncate: true, className: 'name' }, { span: true }],
    [{ size: 'xs', c: 'dimmed', fs: 'italic' }, {}],
  ] as const;
  it.each(texts)('Text %o', (o, extra) => {
    const Tag = 'span' in extra ? 'span' : 'p';
    const [mantine, ours] = both(
      <Text data-probe size={o.size} c={'c' in o ? o.c : undefined} fw={'fw' in o ? o.fw : undefined} fs={'fs' in o ? o.fs : undefined} truncate={'truncate' in o ? o.truncate : undefined} className={'className' in o ? o.className : undefined} span={'span' in extra}>
        x
      </Text>,
      <Tag data-probe {...text(o)}>
        x
      </Tag>,
    );
    expect(ours).toEqual(mantine);
  });

  it.each([
    [{ gap: 6, wrap: 'nowrap', className: 'line' }],
    [{ gap: 4 }],
    [{ gap: 4, wrap: 'nowrap', justify: 'flex-end' }],
  ] as const)('Group %o', (o) => {
    const [mantine, ours] = both(
      <Group data-probe gap={o.gap} wrap={'wrap' in o ? o.wrap : undefined} justify={'justify' in o ? o.justify : undefined} className={'className' in o ? o.className : undefined}>
        x
      </Group>,
      <div data-probe {...group(o)}>
        x
      </div>,
    );
    expect(ours).toEqual(mantine);
  });

  it.each(['tr', 'th', 'td'] as const)('Table %s in the servers tables', (part) => {
    const mantine = { tr: <Table.Tr data-probe className="row" />, th: <Table.Th data-probe className="cell" />, td: <Table.Td data-probe className="cell" /> }[part];
    const ours = { tr: <tr data-probe {...tableRow('row')} />, th: <th data-probe {...tableCell('th', 'cell')} />, td: <td data-probe {...tableCell('td', 'cell')} /> }[part];
    const inTable = (el: ReactNode) => (
      <Table {...TABLE}>
        <Table.Tbody>{part === 'tr' ? el : <Table.Tr>{el}</Table.Tr>}</Table.Tbody>
      </Table>
    );
    const [a, b] = both(inTable(mantine), inTable(ours));
    expect(b).toEqual(a);
  });

  // The row's badges: its state, the agent's verdict (a button), its flags (xs, some buttons).
  const badges: [ColorOptions, boolean][] = [
    [{ variant: 'light', color: 'teal', className: 'state-connected state' }, false],
    [{ variant: 'light', color: 'gray' }, false],
    [{ variant: 'outline', color: 'red', size: 'sm', className: 'state flag' }, true],
    [{ variant: 'light', color: 'yellow', size: 'xs', className: 'label' }, false],
    [{ variant: 'light', color: 'orange', size: 'xs', className: 'label flag' }, true],
  ];
  it.each(badges)('Badge %o (a button: %s)', (o, button) => {
    const label = (inner: string) => {
      const [mantine, ours] = both(
        button ? (
          <Badge data-probe component="button" type="button" variant={o.variant} color={o.color} size={o.size} className={o.className}>
            x
          </Badge>
        ) : (
          <Badge data-probe variant={o.variant} color={o.color} size={o.size} className={o.className}>
            x
          </Badge>
        ),
        <Themed
          draw={(theme) =>
            button ? (
              <button data-probe type="button" {...badge(theme, o)}>
                <span {...badgeLabel}>x</span>
              </button>
            ) : (
              <div data-probe {...badge(theme, o)}>
                <span {...badgeLabel}>x</span>
              </div>
            )
          }
        />,
        inner || undefined,
      );
      expect(ours).toEqual(mantine);
    };
    label('');
    label('span');
  });

  const icons: ColorOptions[] = [
    { variant: 'subtle', color: 'gray', size: 'sm' },
    { variant: 'subtle', color: 'teal', size: 'sm' },
    { variant: 'subtle', color: 'gray' },
  ];
  it.each(icons)('ActionIcon %o', (o) => {
    for (const inner of ['', 'span']) {
      const [mantine, ours] = both(
        <ActionIcon data-probe variant={o.variant} color={o.color} size={o.size} aria-label="a">
          <svg />
        </ActionIcon>,
        <Themed
          draw={(theme) => (
            <button data-probe {...actionIcon(theme, o)} aria-label="a">
              <span {...actionIconIcon}>
                <svg />
              </span>
            </button>
          )}
        />,
        inner || undefined,
      );
      expect(ours).toEqual(mantine);
    }
  });
});
