// Issue 14 item 6: the rule files of the selection, one tab per layer (seeds' layers, lowest
// precedence first), each list edited as one rule per line (add, change, delete and reorder
// lines; the order is the file's order). Save writes the file losslessly through the host's
// writer; a refusal or a conflict (the file changed on disk) is shown, never overwritten silently.
import { useState } from 'react';
import { Alert, Badge, Button, Group, ScrollArea, SimpleGrid, Stack, Tabs, Text, Textarea } from '@mantine/core';
import type { RuleLayerView } from '../../../../shared/contract';
import { errorText } from '../../../../shared/i18n/write-errors';
import type { Decision } from '../../../../shared/permissions/rules';
import { MiddlePath } from '../../components/MiddlePath';
import { useApp, useT } from '../../store-context';
import { isDirty } from '../../stores/rules-slice';
import { lineDiff } from '../../../../shared/text/line-diff';
import classes from './permissions.module.css';
import { profileFacts } from '../../../../shared/profiles';

const LISTS: Decision[] = ['deny', 'ask', 'allow'];

function LayerEditor({ layer }: { layer: RuleLayerView }) {
  const t = useT();
  const profile = useApp((s) => s.profiles?.selection.profile ?? 'minimax');
  const draft = useApp((s) => isDirty(s.ruleDrafts[layer.path], layer));
  const ruleText = useApp((s) => s.ruleText);
  const setRuleText = useApp((s) => s.setRuleText);
  const discard = useApp((s) => s.discardRules);
  const saveRules = useApp((s) => s.saveRules);
  const reload = useApp((s) => s.loadRuleLayers);
  const save = useApp((s) => (s.ruleSave?.path === layer.path ? s.ruleSave : null));
  const restored = useApp((s) => s.restoredDrafts.includes(layer.path));
  const locked = layer.readOnly || !layer.trusted || layer.problem !== null;
  return (
    <Stack gap="sm" pt="sm">
      <MiddlePath path={layer.path} />
      {layer.problem && (
        <Alert color="red" variant="light" role="alert" data-testid="layer-problem">
          {t.code('perm.layer', layer.problem)}
        </Alert>
      )}
      {layer.readOnly && <Text size="sm">{t(profileFacts(profile).rules.readOnly ? 'perm.readOnlyPanel' : 'perm.readOnlyWhy', { profile: profileFacts(profile).label })}</Text>}
      {!layer.trusted && <Text size="sm">{t('perm.untrustedWhy')}</Text>}
      {restored && (
        <Alert color="blue" variant="light" data-testid="draft-restored">
          {t('perm.restored')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        {LISTS.map((l) => (
          <Textarea
            key={l}
            label={t(`perm.list.${l}`)}
            rows={5}
            resize="vertical"
            spellCheck={false}
            readOnly={locked}
            value={ruleText(layer.path, l)}
            placeholder={profileFacts(profile).rules.example}
            onChange={(e) => setRuleText(layer.path, l, e.currentTarget.value)}
            classNames={{ input: classes.rules }}
          />
        ))}
      </SimpleGrid>
      {!locked && (
        <Group gap="xs">
          <Button size="sm" disabled={!draft} loading={save?.saving} onClick={() => void saveRules(layer.path)}>
            {t('perm.save')}
          </Button>
          <Button size="sm" variant="default" disabled={!draft} onClick={() => discard(layer.path)}>
            {t('perm.discard')}
          </Button>
          {save?.saved && !draft && (
            <Text size="sm" role="status" className={classes.wrap}>
              {save.saved.changed ? t('perm.saved', { path: save.saved.path }) : t('perm.savedNothing')}
            </Text>
          )}
        </Group>
      )}
      {save?.error && !save.conflict && (
        <Alert color="red" variant="light" role="alert" data-testid="save-refused">
          {save.error.data?.reason === 'untrusted' ? t('perm.error.untrusted') : errorText(t.locale, save.error)}
        </Alert>
      )}
      {save?.conflict && (
        <Alert color="yellow" variant="light" role="alert" title={t('perm.conflict.title')} data-testid="save-conflict">
          <Stack gap="xs">
            <Text size="sm">{t('perm.conflict.body')}</Text>
            <ScrollArea.Autosize mah={280} type="auto">
              <pre className={classes.diff} aria-label={`${t('perm.conflict.theirs')} → ${t('perm.conflict.ours')}`}>
                {lineDiff(save.conflict.theirs ?? '', save.conflict.ours).map((d, i) => (
                  <div key={i} className={d.op === 'add' ? classes.add : d.op === 'del' ? classes.del : undefined}>
                    {d.op === 'add' ? '+ ' : d.op === 'del' ? '- ' : '  '}
                    {d.text}
                  </div>
                ))}
              </pre>
            </ScrollArea.Autosize>
            <Group gap="xs">
              <Button size="sm" color="yellow" onClick={() => void saveRules(layer.path, true)}>
                {t('perm.conflict.overwrite')}
              </Button>
              <Button
                size="sm"
                variant="default"
                onClick={() => {
                  discard(layer.path);
                  void reload();
                }}
              >
                {t('perm.conflict.reload')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

export function RuleFilesPanel() {
  const t = useT();
  const layers = useApp((s) => s.ruleLayers);
  const drafts = useApp((s) => s.ruleDrafts);
  const error = useApp((s) => s.ruleLayersError);
  const [picked, setPicked] = useState<string | null>(null);
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(t.locale, error)}
      </Alert>
    );
  }
  if (!layers || layers.length === 0) return null;
  // The first file the panel may write is where a new rule most likely goes.
  const first = layers.find((l) => !l.readOnly && l.trusted) ?? layers[0]!;
  // A workspace switch changes the files: the pick falls back to the first writable one.
  const value = layers.some((l) => l.path === picked) ? picked : first.path;
  return (
    <section aria-label={t('perm.files')}>
      <Tabs value={value} onChange={setPicked} keepMounted={false} variant="outline">
        <Tabs.List className={classes.tabs}>
          {layers.map((l) => (
            <Tabs.Tab key={l.path} value={l.path} data-layer={l.layer}>
              <Group gap={6} wrap="nowrap">
                <span className={classes.nowrap}>
                  {t('perm.fileOf', { layer: t(`layer.${l.layer}` as never) })}
                  {/* Several files of one layer (Gemini's policy files): each tab names its file. */}
                  {layers.filter((o) => o.layer === l.layer).length > 1 && ` · ${l.path.split(/[\\/]/).pop()}`}
                </span>
                {isDirty(drafts[l.path], l) && (
                  <Badge size="sm" tt="none" color="orange" data-testid="unsaved">
                    {t('perm.unsaved')}
                  </Badge>
                )}
                {l.readOnly && <Badge size="sm" tt="none" color="gray">{t('perm.state.readOnly')}</Badge>}
                {!l.trusted && <Badge size="sm" tt="none" color="red">{t('perm.state.untrusted')}</Badge>}
                {!l.exists && !l.readOnly && l.trusted && <Badge size="sm" tt="none" color="gray" variant="outline">{t('perm.state.missing')}</Badge>}
              </Group>
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {layers.map((l) => (
          <Tabs.Panel key={l.path} value={l.path}>
            <LayerEditor layer={l} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </section>
  );
}
