// CFG-1 import with a preview: pick a source, see what each server would become and where it
// would be written, tick the ones wanted, then import. Nothing is written before the click.
// Project servers headed for the user layer arrive unticked (the host's `selected`).
import { useEffect, useState } from 'react';
import { Accordion, Alert, Badge, Button, Checkbox, Group, List, Stack, Table, Text } from '@mantine/core';
import type { ImportPlanItem, ImportSource } from '../../../../shared/contract';
import { MiddlePath } from '../../components/MiddlePath';
import { fixSentence, issueSentence } from '../../../../shared/i18n/agent-view';
import { useApp, useT } from '../../store-context';
import classes from './editor.module.css';
import { ImportFromAgent } from '../install/ImportFromAgent';

const SOURCES = ['claude-code', 'claude-desktop', 'cursor', 'vscode'] as const satisfies readonly ImportSource[];

type Skip = Pick<NonNullable<ImportPlanItem['skip']>, 'code' | 'reason' | 'why'>;

/** Why a server is skipped, in the UI's language when the host sent a code (its English otherwise). */
function skipWhy(t: ReturnType<typeof useT>, skip: Skip): string {
  return skip.why ? t.code('editor.importWhy', skip.why) : skip.reason;
}

/** Conversion notes in the UI's language (their English from a host without codes). */
function notesOf(t: ReturnType<typeof useT>, item: Pick<ImportPlanItem, 'notes' | 'noteCodes'>): string {
  return (item.noteCodes ? item.noteCodes.map((c) => t.code('editor.importNote', c)) : item.notes).join('; ');
}

function Verdict({ item }: { item: ImportPlanItem }) {
  const t = useT();
  if (item.skip) {
    return (
      <Stack gap={2}>
        <Text size="sm" c="yellow">
          {t(`editor.importSkip.${item.skip.code}`)}
        </Text>
        <Text size="xs" className={classes.wrap}>
          {skipWhy(t, item.skip)}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm">{t(item.verdict === 'replace' ? 'editor.importVerdict.replace' : 'editor.importVerdict.import')}</Text>
      {item.notes.length > 0 && (
        <Text size="xs" c="dimmed" className={classes.wrap}>
          {notesOf(t, item)}
        </Text>
      )}
      {/* What the target agent will misread in the entry as written, with the fix. */}
      {item.agent?.status === 'unusable' &&
        item.agent.issues.map((i) => (
          <Text key={i.code} size="xs" c="red" className={classes.wrap} data-agent-issue={i.code}>
            {issueSentence(t.locale, i)}
            {i.fixes[0] ? ` — ${fixSentence(t.locale, i.fixes[0])}` : ''}
          </Text>
        ))}
    </Stack>
  );
}

export function ImportPanel() {
  const t = useT();
  const profile = useApp((s) => s.view?.profile ?? null);
  const layer = useApp((s) => s.draftLayer);
  const plan = useApp((s) => s.importPlan);
  const report = useApp((s) => s.importReport);
  const busy = useApp((s) => s.importBusy);
  const previewImport = useApp((s) => s.previewImport);
  const importFrom = useApp((s) => s.importFrom);
  const [source, setSource] = useState<ImportSource | null>(null);
  const [replace, setReplace] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());

  // A new source, target layer or replace choice is a new plan: ask again (reads only).
  useEffect(() => {
    if (source) void previewImport(source, replace);
  }, [source, layer, replace, previewImport]);
  useEffect(() => setPicked(new Set(plan?.servers.filter((s) => s.selected).map((s) => s.name))), [plan]);

  const toggle = (name: string, on: boolean) =>
    setPicked((p) => {
      const next = new Set(p);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const found = plan?.sourceFiles.filter((f) => f.state !== 'missing') ?? [];
  const projectUnticked = plan?.layer === 'user' && plan.servers.some((s) => s.scope === 'project' && !s.skip);
  const only = plan?.servers.filter((s) => picked.has(s.name) && !s.skip).map((s) => s.name) ?? [];

  return (
    <Accordion variant="contained" className="import" keepMounted={false} transitionDuration={0}>
      <Accordion.Item value="import">
        <Accordion.Control>{t('editor.import')}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            {/* AGENT-3: import = install from another agent into this one. */}
            {profile && <ImportFromAgent into={profile} />}
            <Text size="sm" c="dimmed">
              {t('editor.importHelp')}
            </Text>
            <Group gap="xs" role="group" aria-label={t('editor.importSource')}>
              {SOURCES.map((src) => (
                <Button key={src} size="xs" variant={source === src ? 'filled' : 'default'} aria-pressed={source === src} onClick={() => setSource(src)}>
                  {src}
                </Button>
              ))}
            </Group>
            {plan && plan.source === source && (
              <Stack gap="xs" data-testid="import-plan">
                <Text size="sm" className={classes.wrap}>
                  {t('editor.importTarget', { path: plan.path, layer: t(`layer.${plan.layer}`) })}
                </Text>
                {found.map((f) => (
                  <Text key={f.path} size="xs" c={f.state === 'ok' ? 'dimmed' : 'yellow'} className={classes.wrap}>
                    <MiddlePath prefix={t('editor.importRead')} path={f.path} copy={false} />
                    {f.error ? `: ${f.error}` : ''}
                  </Text>
                ))}
                {plan.servers.length === 0 ? (
                  <Text size="sm">{t('editor.importNone', { source: plan.source })}</Text>
                ) : (
                  <Table.ScrollContainer minWidth={560}>
                    <Table verticalSpacing={4} layout="fixed">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th w={72}>{t('editor.importPick')}</Table.Th>
                          <Table.Th w="22%">{t('editor.name')}</Table.Th>
                          <Table.Th>{t('editor.importFrom')}</Table.Th>
                          <Table.Th w="34%">{t('editor.importWhat')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {plan.servers.map((s) => (
                          <Table.Tr key={s.name} data-import={s.name}>
                            <Table.Td>
                              <Checkbox aria-label={t('editor.importPickOne', { name: s.name })} checked={picked.has(s.name) && !s.skip} disabled={!!s.skip} onChange={(e) => toggle(s.name, e.currentTarget.checked)} />
                            </Table.Td>
                            <Table.Td className={classes.wrap}>
                              {s.name}{' '}
                              {s.scope === 'project' && (
                                <Badge size="xs" color="yellow" variant="light">
                                  {t('editor.importProject')}
                                </Badge>
                              )}
                            </Table.Td>
                            <Table.Td className="provenance">
                              <MiddlePath path={s.from} copy={false} />
                            </Table.Td>
                            <Table.Td>
                              <Verdict item={s} />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
                {plan.sharedWith && plan.sharedWith.length > 0 && (
                  <Alert color="yellow" variant="light" data-testid="import-shared">
                    {t('editor.importShared', { path: plan.path, agents: plan.sharedWith.map((o) => o.agent).join(', ') })}
                  </Alert>
                )}
                {projectUnticked && (
                  <Text size="sm" c="yellow">
                    {t('editor.importProjectHelp')}
                  </Text>
                )}
                <Checkbox label={t('editor.importReplace')} checked={replace} onChange={(e) => setReplace(e.currentTarget.checked)} />
                <Group>
                  <Button disabled={busy || only.length === 0} loading={busy} onClick={() => void importFrom(only)}>
                    {t.plural('editor.importPicked', only.length)}
                  </Button>
                </Group>
              </Stack>
            )}
            {report && (
              <Alert color={report.skipped.length > 0 ? 'yellow' : 'teal'} variant="light" role="status">
                <Text size="sm">{t('editor.imported', { n: t.number(report.imported.length), path: report.path })}</Text>
                <List size="sm">
                  {report.imported.map((i) => (
                    <List.Item key={i.name}>
                      {i.name} {notesOf(t, i)}
                    </List.Item>
                  ))}
                  {report.skipped.map((i) => (
                    <List.Item key={i.name} c="yellow" className={classes.wrap}>
                      {i.name}: {t(`editor.importSkip.${i.code}`)} ({skipWhy(t, i)})
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
