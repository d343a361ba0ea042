// CTX-2 in the tools view: the selected agent's dead weight, each suggestion with its reason
// and saving (a whole server to defer where the agent can), the tokens up front before and
// after, the names that change, and per file what is written into the agent's own fields. Nothing is written before "Write the plan"; undo puts
// each file back byte for byte.
import { Alert, Button, Checkbox, Group, Loader, Modal, NumberInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { blockedReason, deferCondition, planTotals, suggestionReason, suggestionSubject, targetLine } from '../../../../shared/context/plan-words';
import { profileFacts } from '../../../../shared/profiles';
import { useApp, useT } from '../../store-context';
import { FileDiff } from '../install/FileDiff';
import { Names } from './ToolFilterModal';

function Suggestions() {
  const t = useT();
  const v = useApp((s) => s.contextPlan?.view);
  const pick = useApp((s) => s.pickSuggestion);
  if (!v) return null;
  const agent = profileFacts(v.profile).label;
  return (
    <Stack gap={6} data-testid="plan-suggestions">
      {v.suggestions.map((s) => {
        const blocked = blockedReason(t, s, agent);
        const subject = suggestionSubject(t, s);
        const condition = deferCondition(t, s, agent);
        return (
          <div key={s.id} data-testid={`plan-suggestion-${s.kind}`}>
          <Checkbox
            checked={s.picked}
            onChange={(e) => void pick(s.id, e.currentTarget.checked)}
            label={
              <span style={{ overflowWrap: 'anywhere' }}>
                <code>{subject.name}</code> <Text span size="xs" c="dimmed">{subject.origin}</Text> <Text span size="xs" fw={600}>{t('plan.saving', { tokens: t.number(s.tokens) })}</Text>
              </span>
            }
            description={
              <>
                {suggestionReason(t, s, agent)}
                {condition && (
                  <Text span size="xs" display="block">
                    {condition}
                  </Text>
                )}
                {blocked && (
                  <Text span size="xs" c="orange" display="block">
                    {blocked}
                  </Text>
                )}
              </>
            }
          />
          </div>
        );
      })}
    </Stack>
  );
}

export function ContextPlanModal() {
  const t = useT();
  const state = useApp((s) => s.contextPlan);
  const open = useApp((s) => s.openContextPlan);
  const apply = useApp((s) => s.applyContextPlan);
  const undo = useApp((s) => s.undoContextPlan);
  const setTarget = useApp((s) => s.setPlanTarget);
  const v = state?.view ?? null;
  const agent = v ? profileFacts(v.profile).label : '';
  const writable = v?.files.filter((f) => f.refusal === null) ?? [];
  const onApply = async () => {
    if (await apply()) notifications.show({ color: 'teal', title: t('plan.title', { agent }), message: t('plan.done', { n: writable.length }) });
  };
  return (
    <Modal opened={state !== null} onClose={() => void open(false)} title={t('plan.title', { agent })} size="xl" data-testid="context-plan" closeButtonProps={{ 'aria-label': t('dialog.close') }}>
      {!v && state?.busy && <Loader size="sm" />}
      {state?.error && (
        <Alert color="red" role="alert" mb="sm">
          {state.error.message}
        </Alert>
      )}
      {v && v.suggestions.length === 0 && !state?.undone && (
        <Text size="sm" data-testid="plan-none">
          {t('plan.none', { agent })}
        </Text>
      )}
      {v && (v.suggestions.length > 0 || state?.undone) && (
        <Stack gap="sm" aria-busy={state?.busy}>
          {v.via === 'none' && <Alert color="gray">{t('plan.noFields', { agent })}</Alert>}
          {v.via === 'bridge' && <Alert color="gray">{t('plan.viaBridge', { agent })}</Alert>}
          <Suggestions />
          <Text size="sm" fw={600} data-testid="plan-totals" aria-live="polite">
            {planTotals(t, v, agent)}
          </Text>
          <Group align="flex-end" gap="xs">
            <NumberInput
              label={t('plan.targetLabel')}
              description={t('plan.targetHelp')}
              min={0}
              step={1000}
              thousandSeparator=","
              value={state?.target ?? ''}
              onChange={(n) => void setTarget(typeof n === 'number' && Number.isFinite(n) ? n : null)}
              maw={260}
              data-testid="plan-target"
            />
            {targetLine(t, v) && (
              <Text size="sm" data-testid="plan-target-line">
                {targetLine(t, v)}
              </Text>
            )}
          </Group>
          <Names title={t('tools.filter.disappear')} rows={v.disappear} testId="plan-disappear" />
          <Names title={t('tools.filter.appear')} rows={v.appear} testId="plan-appear" />
          {writable.length > 0 && (
            <div>
              <Title order={3} size="h5">
                {t('plan.files')}
              </Title>
              {v.files.map((f) => (
                <Stack key={f.path} gap={2} mt={4}>
                  <Text size="xs" ff="monospace">
                    {f.path}
                  </Text>
                  {f.refusal ? <Text size="xs" c="red">{f.refusal.message}</Text> : <FileDiff diff={f.diff} testId="plan-diff" />}
                </Stack>
              ))}
            </div>
          )}
          {state?.applied?.id && (
            <Alert color="teal" role="status" data-testid="plan-applied">
              {t('plan.written', { n: state.applied.written.length, id: state.applied.id })}
            </Alert>
          )}
          {state?.applied?.failed.map((f) => (
            <Alert key={f.path} color="red" role="alert">
              {f.path}: {f.message}
            </Alert>
          ))}
          {state?.undone && (
            <Alert color="gray" role="status" data-testid="plan-undone">
              {t('plan.undone', { id: state.undone.id, n: state.undone.restored.length })}
            </Alert>
          )}
          <Group justify="flex-end">
            {state?.applied?.id && (
              <Button variant="default" onClick={() => void undo()}>
                {t('plan.undo')}
              </Button>
            )}
            <Button onClick={() => void onApply()} disabled={writable.length === 0 || state?.busy || state?.applying} loading={state?.applying}>
              {t('plan.apply')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
