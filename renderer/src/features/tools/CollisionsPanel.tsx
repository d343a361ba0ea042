// NAME-4: every collision under the selected agent, grouped by the pair of servers, with who
// keeps the name, what happens to the other (suffix or dropped), the agent's rule that decides
// (tools.why.*) once per pair, and how the names came to coincide (tools.cause.*, a host code).
import { Accordion, Badge, Code, Group, List, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { CollisionRow, ToolsView } from '../../../../shared/contract';
import { profileFacts } from '../../../../shared/profiles';
import { useT } from '../../store-context';
import { collisionGroups } from './filter';

const ref = (r: CollisionRow['winner']) => `${r.serverName}/${r.tool}`;

function Collision({ c }: { c: CollisionRow }) {
  const t = useT();
  return (
    <List.Item data-collision={c.name}>
      <Code style={{ overflowWrap: 'anywhere' }}>{c.name}</Code> {t('tools.collisionWinner', { winner: ref(c.winner), loser: ref(c.loser) })}
      {t.locale === 'zh' ? '' : ' '}
      {c.assigned ? t('tools.suffixed', { name: c.assigned }) : t('tools.droppedLoser')}
      <Text size="xs" c="dimmed">
        {t(`tools.cause.${c.cause}`, { profile: c.profile })}
      </Text>
    </List.Item>
  );
}

export function CollisionsPanel({ view }: { view: ToolsView }) {
  const t = useT();
  const mine = view.collisions.filter((c) => c.profile === view.profile);
  const others = view.collisions.filter((c) => c.profile !== view.profile);
  const groups = collisionGroups(mine);
  if (!mine.length && !others.length) return null;
  return (
    <Stack gap="xs" mb="sm">
      {mine.length > 0 && (
        <Paper withBorder p="sm" data-testid="collisions" aria-labelledby="collisions-title" component="section">
          <Title order={3} size="h5" id="collisions-title" mb={6}>
            {t.plural('tools.collisions', mine.length, { profile: view.profile })}
          </Title>
          {/* Focusable, so the keyboard can scroll a long list (axe: scrollable-region-focusable). */}
          <ScrollArea.Autosize mah={240} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-labelledby': 'collisions-title' }}>
            <Stack gap="sm">
              {groups.map((g) => (
                <div key={g.key} data-testid="collision-group" data-pair={`${g.winner}|${g.loser}`}>
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Text fw={600} truncate="end" style={{ minWidth: 0 }}>
                      {g.winner === g.loser ? g.winner : `${g.winner} ↔ ${g.loser}`}
                    </Text>
                    <Badge variant="light" color="orange" style={{ flex: 'none' }}>
                      {t.plural('tools.pairCollisions', g.rows.length)}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t(profileFacts(view.profile).naming.whyKey, { agent: profileFacts(view.profile).label, winner: ref(g.rows[0]!.winner), loser: ref(g.rows[0]!.loser) })}
                  </Text>
                  <List size="sm" spacing={4} mt={4}>
                    {g.rows.map((c, i) => (
                      <Collision key={i} c={c} />
                    ))}
                  </List>
                </div>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
      )}
      {others.length > 0 && (
        <Accordion variant="contained" data-testid="collisions-other">
          <Accordion.Item value="others">
            <Accordion.Control>{t.plural('tools.otherCollisions', others.length)}</Accordion.Control>
            <Accordion.Panel>
              <List size="sm" spacing={4}>
                {others.map((c, i) => (
                  <List.Item key={i}>
                    <Badge variant="light" color="gray" mr={6}>
                      {c.profile}
                    </Badge>
                    <Code style={{ overflowWrap: 'anywhere' }}>{c.name}</Code>: {t(profileFacts(c.profile).naming.whyKey, { agent: profileFacts(c.profile).label, winner: ref(c.winner), loser: ref(c.loser) })}
                  </List.Item>
                ))}
              </List>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}
    </Stack>
  );
}
