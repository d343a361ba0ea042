// The pieces both layouts of Across agents show (AGENT-3): a server's summary (name, what it
// runs, whether the agents agree, the "Make these the same" action) and one agent's entry with
// the fields where it differs from the row's first entry. Badges keep their words as written
// (no capitals: "仅在 MINI…" hid a product name) and wrap rather than cut.
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { MessageKey } from '../../../../shared/i18n';
import type { AcrossCell, AcrossField, AcrossRow, AcrossView } from '../../../../shared/schemas/across';
import type { Profile } from '../../../../shared/schemas/server';
import { PathText } from '../../components/PathText';
import { useT } from '../../store-context';
import classes from './across.module.css';

/** The cell's value for each field, as compared (names only for env and headers: values may be secrets). */
function describe(c: AcrossCell): Record<AcrossField, string> {
  return {
    transport: c.transport,
    command: c.command ?? '',
    args: c.args.join(' '),
    url: c.url ?? '',
    env: c.envNames.join(', '),
    headers: c.headerNames.join(', '),
    enabled: c.enabled ? '' : 'off',
    tools: [c.enabledTools?.join(', '), c.disabledTools?.length ? `−${c.disabledTools.join(', ')}` : ''].filter(Boolean).join(' '),
  };
}

/** The fields where `cell` differs from the row's first entry, with the cell's values. */
export function oddFields(row: AcrossRow, cell: AcrossCell): Array<[AcrossField, string]> {
  const first = row.cells.find((c) => c.cell)!.cell!;
  const mine = describe(cell);
  const theirs = describe(first);
  return row.differs.filter((f) => mine[f] !== theirs[f]).map((f) => [f, mine[f]]);
}

export const agentLabel = (view: AcrossView, profile: Profile): string => view.agents.find((a) => a.profile === profile)?.agent ?? profile;

/** The entry's name, its layer, and "off" when the agent has it switched off. */
export function EntryName({ cell }: { cell: AcrossCell }) {
  const t = useT();
  return (
    <Text size="sm" className={classes.words}>
      {cell.name}{' '}
      <Text span size="xs" c="dimmed" className={classes.label} data-testid="layer">
        ({t(`layer.${cell.layer}` as MessageKey)})
      </Text>
      {!cell.enabled && (
        <>
          {' '}
          <Badge size="xs" color="gray" tt="none" className={classes.badge}>
            {t('across.off')}
          </Badge>
        </>
      )}
    </Text>
  );
}

/** What differs in this agent's entry, one field a line, the value wrapping at its separators. */
export function Differences({ odd }: { odd: Array<[AcrossField, string]> }) {
  const t = useT();
  return odd
    .filter(([f]) => f !== 'enabled')
    .map(([f, value]) => (
      <PathText key={f} size="xs" text={`${t(`across.field.${f}` as MessageKey)}: ${value || '—'}`} />
    ));
}

/** One agent's entry in a column of the matrix: name, layer, and the fields where it differs. */
export function MatrixCell({ row, cell }: { row: AcrossRow; cell: AcrossCell | null }) {
  const t = useT();
  if (!cell) return <Text c="dimmed">{t('across.missing')}</Text>;
  const odd = oddFields(row, cell);
  return (
    <Stack gap={2} data-differs={odd.length > 0 ? odd.map(([f]) => f).join(',') : undefined} className={odd.length ? classes.odd : undefined}>
      <EntryName cell={cell} />
      <Differences odd={odd} />
    </Stack>
  );
}

/**
 * The server: its name, what it runs, whether the agents agree, and the action that makes them.
 * `wide` (a block's whole width when agents are rows): name and badge on one line, the action at
 * the right; else stacked in the matrix's first column.
 */
export function RowSummary({ view, row, onSame, wide = false }: { view: AcrossView; row: AcrossRow; onSame: (row: AcrossRow) => void; wide?: boolean }) {
  const t = useT();
  const present = row.cells.filter((c) => c.cell);
  const uneven = row.differs.length > 0 || present.length < row.cells.length;
  const name = (
    <Text size="sm" fw={600} className={classes.words}>
      {row.name}
    </Text>
  );
  const badge =
    row.differs.length > 0 ? (
      <Badge color="yellow" variant="light" tt="none" className={classes.badge} data-testid="across-differs">
        {t('across.differs', { fields: row.differs.map((f) => t(`across.field.${f}` as MessageKey)).join(', ') })}
      </Badge>
    ) : view.agents.length === 1 ? null : present.length === 1 ? (
      // One agent has it: nothing to be the same as.
      <Badge color="gray" variant="light" tt="none" className={classes.badge} data-testid="across-only">
        {t('across.only', { agent: agentLabel(view, present[0]!.profile) })}
      </Badge>
    ) : (
      <Badge color="teal" variant="light" tt="none" className={classes.badge} data-testid="across-same">
        {t('across.same')}
      </Badge>
    );
  const identity = <PathText size="xs" c="dimmed" text={row.identity} />;
  const action = uneven && (
    <Button size="xs" variant="light" onClick={() => onSame(row)} data-testid="across-make-same" className={classes.action}>
      {/* The same where it is, missing elsewhere: adding it is the action, not making anything the same. */}
      {row.differs.length > 0 ? t('across.makeSame') : t('across.addToOthers')}
    </Button>
  );
  if (!wide) {
    return (
      <Stack gap={4} align="flex-start">
        {name}
        {identity}
        {badge}
        {action}
      </Stack>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between" align="flex-start">
      <Stack gap={2} miw={0}>
        <Group gap="xs" wrap="wrap" align="center">
          {name}
          {badge}
        </Group>
        {identity}
      </Stack>
      {action}
    </Group>
  );
}
