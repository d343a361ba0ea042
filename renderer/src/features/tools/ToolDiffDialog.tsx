// CONN-11 (issue 22): a changed tool list, old → new, before it is accepted: each changed
// tool's changed texts as a line diff, new and removed tools with what they say. Opened from
// the Servers row's "tools changed" flag or from the Tools view.
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { TOOL_TEXT_FIELDS, type ToolText } from '../../../../shared/contract';
import { errorText } from '../../../../shared/i18n/write-errors';
import { Dialog } from '../../components/Dialog';
import { TextDiff } from '../../components/TextDiff';
import { useApp, useT } from '../../store-context';
import { FindingList } from './Findings';
import { showHidden } from '../../../../shared/text/invisible';
import type { DiffFinding } from '../../../../shared/contract';
import { profileFacts } from '../../../../shared/profiles';

/** SEC-9: what hides in a text (zero-width, bidi, tag characters) is shown escaped, lines kept. */
const shown = (text: string | null) => (text === null ? null : showHidden(text));

export function ToolDiffDialog() {
  const t = useT();
  const open = useApp((s) => s.snapshotDiff);
  const close = useApp((s) => s.closeSnapshotDiff);
  const accept = useApp((s) => s.acceptSnapshotDiff);
  const name = useApp((s) => s.view?.servers.find((r) => r.id === open?.serverId)?.name);
  if (!open) return null;
  const diff = open.diff;
  const server = diff?.serverName ?? name ?? open.serverId;
  const fields = (only: readonly string[]) => TOOL_TEXT_FIELDS.filter((f) => only.includes(f)).map((f) => ({ f, label: t(`tools.diff.field.${f}`) }));
  return (
    <Dialog
      title={t('tools.diff.title', { server })}
      onCancel={close}
      onSubmit={() => void accept()}
      describedBy="tool-diff-intro"
      testId="tool-diff"
      actions={
        <>
          <Button variant="default" onClick={close}>
            {t('dialog.close')}
          </Button>
          <Button type="submit" loading={open.accepting} disabled={!diff}>
            {t('tools.accept')}
          </Button>
        </>
      }
    >
      <Stack gap="md">
        <Text size="sm" id="tool-diff-intro">
          {t('tools.diff.intro')}
        </Text>
        {diff && diff.appliesTo.length > 1 && (
          <Text size="sm" data-testid="diff-applies-to">
            {t('tools.diff.appliesTo', { entries: diff.appliesTo.map((e) => t('tools.diff.entry', { agent: profileFacts(e.profile).label, name: e.name })).join(', ') })}
          </Text>
        )}
        {open.busy && <Loader size="sm" role="status" aria-label={t('tools.diff.loading')} />}
        {open.error && (
          <Alert color="red" role="alert">
            {errorText(t.locale, open.error)}
          </Alert>
        )}
        {!open.busy && !open.error && !diff && <Text size="sm">{t('tools.diff.none')}</Text>}
        {diff?.changed.map((c) => (
          <Stack key={`c${c.name}`} gap={4} data-tool-change={c.name}>
            <Title order={3} size="h5">
              {t('tools.diff.changed', { tool: c.name })}
            </Title>
            {fields(c.fields).map(({ f, label }) => (
              <Stack key={f} gap={2}>
                <Text size="xs" fw={600}>
                  {label} ({t('tools.diff.before')} → {t('tools.diff.after')})
                </Text>
                <TextDiff before={shown(c.before[f])} after={shown(c.after[f])} label={`${c.name}: ${label}`} empty={t('tools.diff.empty')} />
              </Stack>
            ))}
            <FindingList findings={c.findings} testId={`findings-${c.name}`} />
          </Stack>
        ))}
        {diff?.added.map((a) => <WholeTool key={`a${a.name}`} name={a.name} heading={t('tools.diff.added', { tool: a.name })} text={a.after} side="after" findings={a.findings} />)}
        {diff?.removed.map((r) => <WholeTool key={`r${r.name}`} name={r.name} heading={t('tools.diff.removed', { tool: r.name })} text={r.before} side="before" />)}
      </Stack>
    </Dialog>
  );
}

/** A tool that is new (all its texts added) or gone (all removed). */
function WholeTool({ name, heading, text, side, findings = [] }: { name: string; heading: string; text: ToolText; side: 'before' | 'after'; findings?: DiffFinding[] }) {
  const t = useT();
  return (
    <Stack gap={4} data-tool-change={name}>
      <Title order={3} size="h5">
        {heading}
      </Title>
      {TOOL_TEXT_FIELDS.filter((f) => text[f] !== null).map((f) => (
        <Stack key={f} gap={2}>
          <Text size="xs" fw={600}>
            {t(`tools.diff.field.${f}`)}
          </Text>
          <TextDiff before={side === 'before' ? shown(text[f]) : null} after={side === 'after' ? shown(text[f]) : null} label={`${name}: ${t(`tools.diff.field.${f}`)}`} empty={t('tools.diff.empty')} />
        </Stack>
      ))}
      <FindingList findings={findings} testId={`findings-${name}`} />
    </Stack>
  );
}
