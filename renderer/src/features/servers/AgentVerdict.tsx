// The agent's-eye verdict on a server row, beside the panel's own state: a compact badge (a
// button) and, where the agent cannot use the entry as written, the main reason in one line.
// The badge opens what the agent will do, every reason, and the fixes in place (the bridge line
// with its install, the project file, the keychain), all worded from the host's codes.
import { useState } from 'react';
import { Button, List, Stack, Text, type MantineTheme } from '@mantine/core';
import type { ServerRow } from '../../../../shared/contract';
import type { AgentStatus, AgentVerdict as Verdict } from '../../../../shared/schemas/agent-view';
import { fixSentence, issueSentence, statusLabel } from '../../../../shared/i18n/agent-view';
import { Dialog } from '../../components/Dialog';
import { useApp, useT } from '../../store-context';
import { BridgeOffer } from '../bridges/BridgeOffer';
import { badge, badgeLabel } from '../../components/markup';
import classes from './ServersView.module.css';

const COLOR: Record<AgentStatus, string> = { usable: 'teal', limited: 'yellow', unusable: 'red', off: 'gray', unknown: 'gray' };

/** The sentence the row shows under the badges: the first reason, where there is one that matters. */
export function agentLine(locale: 'en' | 'zh', verdict: Verdict | undefined): string | null {
  const first = verdict?.issues[0];
  if (!verdict || !first || (verdict.status !== 'unusable' && verdict.status !== 'limited')) return null;
  return issueSentence(locale, first);
}

/** The row's theme is passed in (one context read per row, not two): the badge is markup (markup.ts). */
export function AgentBadge({ row, theme }: { row: ServerRow; theme: MantineTheme }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const v = row.agent;
  if (!v) return null;
  const label = t('agent.label', { agent: v.agent, status: statusLabel(t.locale, v) });
  // Short in its own column (headed by the agent): the status alone, never elided; the agent is
  // in its accessible name and tooltip.
  return (
    <>
      <button
        type="button"
        {...badge(theme, { size: 'sm', variant: 'outline', color: COLOR[v.status], className: `${classes.state} ${classes.flag}` })}
        data-testid="agent-verdict"
        data-status={v.status}
        aria-label={`${label} — ${row.name}`}
        title={`${label}\n${t('agent.title', { agent: v.agent })}`}
        onClick={() => setOpen(true)}
      >
        <span {...badgeLabel}>{statusLabel(t.locale, v)}</span>
      </button>
      {open && <VerdictDialog row={row} verdict={v} onClose={() => setOpen(false)} />}
    </>
  );
}

function VerdictDialog({ row, verdict, onClose }: { row: ServerRow; verdict: Verdict; onClose(): void }) {
  const t = useT();
  const bridge = useApp((s) => s.editorBridge);
  const openEditor = useApp((s) => s.openEditor);
  const loadServers = useApp((s) => s.loadServers);
  const fixes = verdict.issues.flatMap((i) => i.fixes).filter((f, i, all) => all.findIndex((g) => g.kind === f.kind) === i);
  const offersBridge = fixes.some((f) => f.kind === 'bridge');
  // The bridge offer below says its own fix, with the line and the button.
  const shown = fixes.filter((f) => f.kind !== 'bridge');
  // The editor is where an entry moves to another layer or its secret to the keychain.
  const inEditor = fixes.some((f) => f.kind === 'project_file' || f.kind === 'keychain' || f.kind === 'token_env' || f.kind === 'timeout') && !row.readOnly;
  return (
    <Dialog
      title={`${t('agent.title', { agent: verdict.agent })}: ${row.name}`}
      onCancel={onClose}
      onSubmit={onClose}
      testId="agent-verdict-dialog"
      actions={
        <>
          {inEditor && (
            <Button
              type="button"
              variant="default"
              onClick={() => {
                onClose();
                openEditor({ mode: 'edit', id: row.id });
              }}
            >
              {t('servers.edit')}
            </Button>
          )}
          <Button type="submit" data-autofocus>
            {t('dialog.ok')}
          </Button>
        </>
      }
    >
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t('agent.label', { agent: verdict.agent, status: statusLabel(t.locale, verdict) })}
        </Text>
        {verdict.issues.length > 0 && (
          <List size="sm" spacing={4} data-testid="agent-issues">
            {verdict.issues.map((i) => (
              <List.Item key={i.code} data-issue={i.code}>
                {issueSentence(t.locale, i)}
              </List.Item>
            ))}
          </List>
        )}
        {shown.length > 0 && (
          <Text size="sm" fw={600}>
            {t('agent.fixes')}
          </Text>
        )}
        {shown.length > 0 && (
          <List size="sm" spacing={4} data-testid="agent-fixes">
            {shown.map((f) => (
              <List.Item key={f.kind} data-fix={f.kind}>
                {fixSentence(t.locale, f)}
              </List.Item>
            ))}
          </List>
        )}
        {offersBridge && <BridgeOffer bridge={bridge} serverId={row.id} onChanged={() => void loadServers()} />}
      </Stack>
    </Dialog>
  );
}
