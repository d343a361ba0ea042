// CFG-10: an untrusted kimi workspace's project servers are shown, never started.
import { useApp, useT } from '../store-context';

export function TrustBanner() {
  const t = useT();
  const view = useApp((s) => s.view);
  const trust = useApp((s) => s.trustWorkspace);
  if (!view || !view.needsTrust || !view.workspace) return null;
  const workspace = view.workspace;
  return (
    <div className="banner warning" role="status">
      <span>{t('trust.banner')}</span> <code>{workspace}</code>{' '}
      <button type="button" onClick={() => void trust(workspace)}>
        {t('trust.action')}
      </button>
    </div>
  );
}
