// Across agents in its two layouts (AGENT-3; issues 37 and 44). Agents as columns while they fit
// side by side: a server's row compares every agent at a glance. Past that (fifteen agents fit
// nowhere between 900 and 1920 px), agents as rows: each server a block of its own, one line per
// agent that has it (entry, file, what differs) and one line naming the agents that do not.
// Every agent stays on screen with nothing to scroll sideways and nothing to pick first (a column
// picker would hide the agents a person forgot to pick, and "is it the same everywhere?" is
// the question the view answers), and the summary with its badge and action opens each block.
import { Table, Text } from '@mantine/core';
import type { AcrossRow, AcrossView } from '../../../../shared/schemas/across';
import { MiddlePath } from '../../components/MiddlePath';
import { useT } from '../../store-context';
import { agentLabel, Differences, EntryName, MatrixCell, oddFields, RowSummary } from './across-parts';
import classes from './across.module.css';

/** The server column of the matrix, and the least an agent's column needs (a package name, "Claude Desktop"). */
const SERVER_WIDTH = 240;
const AGENT_WIDTH = 168;
/** The agent column when agents are rows: "Claude Desktop" and "未配置于" on one line. */
const AGENT_ROW_WIDTH = 150;

/** Whether `agents` columns fit in `width` px beside the server column. */
export const agentsFitAsColumns = (agents: number, width: number): boolean => width >= SERVER_WIDTH + agents * AGENT_WIDTH;

/** Both layouts: as wide as their box, never wider (fixed columns). */
const TABLE = { 'data-testid': 'across-table', layout: 'fixed', className: classes.table, withTableBorder: true, verticalSpacing: 6, horizontalSpacing: 'sm' } as const;

interface TableProps {
  view: AcrossView;
  onSame: (row: AcrossRow) => void;
}

export function AcrossColumns({ view, onSame }: TableProps) {
  const t = useT();
  return (
    <Table data-layout="columns" {...TABLE}>
      <colgroup>
        <col style={{ width: SERVER_WIDTH }} />
        {view.agents.map((a) => (
          <col key={a.profile} />
        ))}
      </colgroup>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('across.server')}</Table.Th>
          {view.agents.map((a) => (
            <Table.Th key={a.profile} scope="col" data-agent={a.profile}>
              {a.agent}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {view.rows.map((row) => (
          <Table.Tr key={row.identity} data-identity={row.identity}>
            <Table.Td>
              <RowSummary view={view} row={row} onSame={onSame} />
            </Table.Td>
            {row.cells.map((c) => (
              <Table.Td key={c.profile}>
                <MatrixCell row={row} cell={c.cell} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function AcrossRows({ view, onSame }: TableProps) {
  const t = useT();
  return (
    <Table data-layout="rows" {...TABLE}>
      <colgroup>
        <col style={{ width: AGENT_ROW_WIDTH }} />
        <col style={{ width: '42%' }} />
        <col />
      </colgroup>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('across.agent')}</Table.Th>
          <Table.Th scope="col">{t('across.entry')}</Table.Th>
          <Table.Th scope="col">{t('across.diff')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      {view.rows.map((row) => {
        const missing = row.cells.filter((c) => !c.cell);
        return (
          <Table.Tbody key={row.identity} data-identity={row.identity}>
            <Table.Tr>
              <Table.Td colSpan={3} className={classes.summary}>
                <RowSummary view={view} row={row} onSame={onSame} wide />
              </Table.Td>
            </Table.Tr>
            {row.cells.map(({ profile, cell }) => {
              if (!cell) return null;
              const odd = oddFields(row, cell);
              const tint = odd.length ? classes.tint : undefined;
              return (
                <Table.Tr key={profile} data-agent={profile} data-differs={odd.length > 0 ? odd.map(([f]) => f).join(',') : undefined}>
                  <Table.Th scope="row" className={tint}>
                    {agentLabel(view, profile)}
                  </Table.Th>
                  <Table.Td className={tint}>
                    <EntryName cell={cell} />
                    <Text size="xs" c="dimmed">
                      <MiddlePath path={cell.path} copy={false} />
                    </Text>
                  </Table.Td>
                  <Table.Td className={tint}>
                    <Differences odd={odd} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {missing.length > 0 && (
              <Table.Tr data-testid="across-not-in">
                <Table.Th scope="row" fw="normal" c="dimmed">
                  {t('across.notIn')}
                </Table.Th>
                <Table.Td colSpan={2}>
                  <Text size="sm" c="dimmed">
                    {missing.map((c) => agentLabel(view, c.profile)).join(', ')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        );
      })}
    </Table>
  );
}
