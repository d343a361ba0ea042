// UI-3 detail of the selected tool: the list ships only names and costs, so the description,
// warnings and input schema are fetched here on selection (tools.describe) and cached per tool.
import { useEffect } from 'react';
import type { ToolRow } from '../../../../shared/contract';
import type { Profile } from '../../../../shared/schemas/server';
import { useApp, useT } from '../../store-context';
import { toolKey } from '../../stores/tools-slice';
import { CallForm } from './CallForm';

export function ToolDetailPane({ row, profile, callable }: { row: ToolRow; profile: Profile; callable: boolean }) {
  const t = useT();
  const key = toolKey(row.serverId, row.tool);
  const entry = useApp((s) => s.details[key]);
  const describe = useApp((s) => s.describeTool);
  // Asked again whenever the cache lost this tool's entry: a list reload clears the cache, and
  // a description that was in flight across it is dropped, so "Loading…" must not wait for it.
  const cached = entry !== undefined;
  useEffect(() => {
    if (!cached) void describe(row.serverId, row.tool);
  }, [cached, describe, row.serverId, row.tool]);
  const detail = entry?.detail ?? null;
  return (
    <>
      <h3>
        {row.names[profile] ?? row.tool} <span className="muted small">{row.serverName}</span>
      </h3>
      {detail?.title && <p>{detail.title}</p>}
      <p>{detail ? detail.description || t('tools.noDescription') : row.summary}</p>
      <p className="muted">{t.plural('tools.tokens', row.tokens)}</p>
      {entry?.error && (
        <div className="banner error" role="alert">
          {entry.error.message} <button onClick={() => void describe(row.serverId, row.tool)}>{t('servers.retry')}</button>
        </div>
      )}
      {!detail && !entry?.error && (
        <p className="progress" data-testid="tool-describing">
          {t('tools.loadingDetail')}
        </p>
      )}
      {detail && (
        <>
          {detail.warnings.length > 0 && (
            <ul className="warnings">
              {detail.warnings.map((w, i) => (
                <li key={i}>{t.code('naming.warn', w)}</li>
              ))}
            </ul>
          )}
          <details>
            <summary>{t('tools.inputSchema')}</summary>
            <pre data-testid="input-schema">{JSON.stringify(detail.inputSchema, null, 2)}</pre>
          </details>
          <CallForm key={key} tool={detail} callable={callable} />
        </>
      )}
    </>
  );
}
