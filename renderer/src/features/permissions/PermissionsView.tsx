// UI-4 / PERM-4: the rules of the agent's own files (RuleFilesPanel: edit, save, drafts kept
// across a reload); the host simulates them, unsaved edits included, against the discovered
// tools (or hand-typed names): per tool the decision and the deciding rule, rules that match
// nothing, rules shadowed by earlier/stronger ones, rules the profile can never match.
import { useEffect } from 'react';
import { Alert, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { errorText } from '../../../../shared/i18n/write-errors';
import { PageHeader } from '../../components/PageHeader';
import { useApp, useT } from '../../store-context';
import type { Decision } from '../../stores/rules-slice';
import { RuleFilesPanel } from './RuleFilesPanel';
import { SimulationTables } from './SimulationTables';
import { profileFacts } from '../../../../shared/profiles';
import classes from './permissions.module.css';

const LISTS: Decision[] = ['deny', 'ask', 'allow'];
const DEBOUNCE_MS = 250;

export function PermissionsView() {
  const t = useT();
  const layers = useApp((s) => s.ruleLayers);
  const drafts = useApp((s) => s.ruleDrafts);
  const handTools = useApp((s) => s.handTools);
  const defaultDecision = useApp((s) => s.defaultDecision);
  const sim = useApp((s) => s.simulation);
  const busy = useApp((s) => s.simulating);
  const error = useApp((s) => s.simulationError);
  const setHandTools = useApp((s) => s.setHandTools);
  const setDefault = useApp((s) => s.setDefaultDecision);
  const run = useApp((s) => s.runSimulation);
  const load = useApp((s) => s.loadRuleLayers);
  const profile = useApp((s) => s.profiles?.selection.profile ?? 'minimax');
  const workspace = useApp((s) => s.profiles?.selection.workspace ?? null);
  const note = profileFacts(profile).rules.note ?? null;
  // The files are read again whenever the selection (profile, workspace) or the config changes.
  const loadedAt = useApp((s) => s.view?.loadedAt ?? 0);

  useEffect(() => {
    void load();
  }, [load, profile, workspace, loadedAt]);

  // Simulate as you type (debounced): the answer follows the rules without a button.
  useEffect(() => {
    const h = setTimeout(() => void run(), DEBOUNCE_MS);
    return () => clearTimeout(h);
  }, [layers, drafts, handTools, defaultDecision, run]);

  return (
    <Stack component="section" aria-labelledby="perm-title" className="permissions" aria-busy={busy} gap="md">
      <PageHeader
        title={t('nav.permissions')}
        titleId="perm-title"
        actions={
          <NativeSelect
            label={t('perm.default')}
            size="xs"
            value={defaultDecision}
            onChange={(e) => setDefault(e.currentTarget.value as Decision)}
            data={LISTS}
            styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { whiteSpace: 'nowrap' } }}
          />
        }
      />
      {/* An agent whose rules are not allow/ask/deny lists says instead how the panel reads them, and what it cannot simulate. */}
      {!note && (
        <Text size="sm" c="dimmed" className={classes.wrap}>
          {t('perm.help', { profile: profileFacts(profile).label })}
        </Text>
      )}
      {note && (
        <Alert color="blue" variant="light" data-testid="perm-profile-note">
          {t.code('perm.note', note)}
        </Alert>
      )}
      <RuleFilesPanel />
      <Textarea
        label={t('perm.handTools')}
        rows={3}
        resize="vertical"
        spellCheck={false}
        value={handTools}
        placeholder={t('perm.handToolsPlaceholder')}
        onChange={(e) => setHandTools(e.currentTarget.value)}
        classNames={{ input: classes.rules }}
      />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {errorText(t.locale, error)}
        </Alert>
      )}
      {sim && <SimulationTables sim={sim} />}
    </Stack>
  );
}
