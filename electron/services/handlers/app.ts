// app.*: what the host is, opening a link (SEC-1: only http(s), checked here again), and the
// panel's UI settings (UI-9, kept by the host so a reload keeps them).
import type { AppContract } from '../../../shared/contract';
import { hostError } from './refusal';
import type { Handlers } from '../../../shared/rpc';
import { isAllowedExternalUrl } from '../api/guards';
import type { ApiDeps } from '../api';

type AppHandlers = Pick<Handlers<AppContract>, 'app.info' | 'app.openExternal' | 'app.settings' | 'app.setSettings'>;

export function appHandlers(deps: Pick<ApiDeps, 'host' | 'version' | 'platform' | 'openExternal' | 'settings' | 'pickFolder'>): AppHandlers {
  return {
    'app.info': () => ({ name: 'MCP Panel', version: deps.version, host: deps.host, platform: deps.platform, nativeFolderPicker: deps.pickFolder !== null }),
    'app.openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) throw hostError('refused', 'host.link_not_http');
      if (!deps.openExternal) throw hostError('unsupported', 'host.open_in_page');
      await deps.openExternal(url);
      return { opened: url };
    },
    'app.settings': () => deps.settings.get(),
    'app.setSettings': (patch) => deps.settings.set(patch),
  };
}
