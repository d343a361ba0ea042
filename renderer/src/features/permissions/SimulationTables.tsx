// PERM-4 answer: per rule its number (from 1), the file and layer it comes from, how many tools
// it matches and its notes, each said once (never-match, matches-nothing, shadowed, argument
// content); per tool the decision and the deciding rule. Notes arrive as codes (UI-9).
import { Badge, Code, Stack, Table, Text, Title } from '@mantine/core';
import type { SimulationView } from '../../../../shared/contract';
import { MiddlePath } from '../../components/MiddlePath';
import { useT } from '../../store-context';
import classes from './permissions.module.css';

const COLOR = { allow: 'green', ask: 'yellow', deny: 'red' } as const;
/** The decision pages show at most (the host answers for every tool; the CLI prints all). */
const MAX_TOOLS = 2000;

export function SimulationTables({ sim }: { sim: SimulationView }) {
  const t = useT();
  const label = (r: { list: string; index: number; rule: string }) => `${t('perm.ruleNumber', { list: r.list, n: t.number(r.index + 1) })} ${r.rule}`;
  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        {t('perm.rules')}
      </Title>
      {sim.rules.length === 0 ? (
        <Text c="dimmed" className="empty">
          {t('perm.noRules')}
        </Text>
      ) : (
        <Table className={classes.table} data-testid="rule-table" striped verticalSpacing={4} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="32%">{t('perm.rule')}</Table.Th>
              <Table.Th w="24%">{t('perm.source')}</Table.Th>
              <Table.Th w="10%">{t('perm.matches')}</Table.Th>
              <Table.Th>{t('perm.notes')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sim.rules.map((r) => (
              <Table.Tr key={`${r.list}-${r.index}`} data-rule={r.rule} data-number={r.index + 1}>
                <Table.Td>
                  <Badge color={COLOR[r.list]} variant="light" size="sm" mr={6} tt="none">
                    {t('perm.ruleNumber', { list: r.list, n: t.number(r.index + 1) })}
                  </Badge>
                  <Code className={classes.code}>{r.rule}</Code>
                </Table.Td>
                <Table.Td data-testid="rule-source">
                  {r.source ? (
                    <>
                      <Text size="sm" className={classes.narrow}>
                        {t(`layer.${r.source.layer}` as never)}
                      </Text>
                      <MiddlePath path={r.source.path} copy={false} />
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{t.number(r.matches)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {r.unmatchable && (
                      <Text size="sm" c="red" className={classes.wrap}>
                        {t('perm.neverMatch', { why: t.code('perm.note', r.unmatchable) })}
                      </Text>
                    )}
                    {!r.unmatchable && r.neverMatches && <Text size="sm">{t('perm.matchesNothing')}</Text>}
                    {r.shadowedBy && (
                      <Text size="sm" className={classes.wrap}>
                        {t('perm.shadowed', { by: label(r.shadowedBy) })}
                      </Text>
                    )}
                    {r.notes.map((n) => (
                      <Text key={n.code} size="sm" c="dimmed" className={classes.wrap}>
                        {t.code('perm.note', n)}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={3} size="h4">
        {t.plural('perm.tools', sim.tools.length)}
      </Title>
      {sim.tools.length === 0 ? (
        <Text c="dimmed" className="empty">
          {t('perm.noTools')}
        </Text>
      ) : (
        <Table className={classes.table} data-testid="decision-table" striped verticalSpacing={4} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="45%">{t('perm.tool')}</Table.Th>
              <Table.Th w="15%">{t('perm.decision')}</Table.Th>
              <Table.Th>{t('perm.decidedBy')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sim.tools.slice(0, MAX_TOOLS).map((d) => (
              <Table.Tr key={d.name} data-tool={d.name}>
                <Table.Td>
                  <Code className={classes.code}>{d.name}</Code>
                </Table.Td>
                <Table.Td>
                  <Badge color={COLOR[d.decision]} variant="light" data-testid="decision">
                    {d.decision}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {d.rule ? (
                    <Code className={classes.code}>{label(d.rule)}</Code>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('perm.byDefault')}
                    </Text>
                  )}
                  {d.note && (
                    <Text size="xs" c="dimmed" className={classes.wrap}>
                      {t.code('perm.note', d.note)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
