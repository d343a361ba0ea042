// app.*: what the host is, and opening a link (SEC-1: only http(s), checked here again).
import type { AppContract } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { Handlers } from '../../../shared/rpc';
import { isAllowedExternalUrl } from '../api/guards';
import type { ApiDeps } from '../api';

type AppHandlers = Pick<Handlers<AppContract>, 'app.info' | 'app.openExternal'>;

export function appHandlers(deps: Pick<ApiDeps, 'host' | 'version' | 'platform' | 'openExternal'>): AppHandlers {
  return {
    'app.info': () => ({ name: 'MCP Panel', version: deps.version, host: deps.host, platform: deps.platform }),
    'app.openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) throw new AppError('refused', 'only http(s) links can be opened');
      if (!deps.openExternal) throw new AppError('unsupported', 'open the link from the page itself (browser mode)');
      await deps.openExternal(url);
      return {};
    },
  };
}
