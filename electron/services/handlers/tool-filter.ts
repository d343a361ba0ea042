// tools.previewToolFilter / tools.setToolFilter: the per-tool switch (CONN-8) of one server,
// previewed (names, collisions, tokens) and written through the config writer.
import type { AppContract } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { Handlers } from '../../../shared/rpc';
import type { ApiCore } from '../api/core';
import type { RegistryPort } from '../api/ports';
import { previewToolFilter, saveToolFilter, type ToolFilterPort } from '../naming/tool-filter';

type ToolFilterHandlers = Pick<Handlers<AppContract>, 'tools.previewToolFilter' | 'tools.setToolFilter'>;

export function toolFilterHandlers(core: ApiCore, deps: { registry: RegistryPort; toolFilter?: ToolFilterPort }): ToolFilterHandlers {
  const port = (): ToolFilterPort => {
    if (!deps.toolFilter) throw new AppError('unavailable', 'this host does not write tool filters');
    return deps.toolFilter;
  };
  return {
    'tools.previewToolFilter': async ({ serverId, enabled }) => (await previewToolFilter(core, port(), deps.registry, serverId, enabled)).preview,
    'tools.setToolFilter': ({ serverId, enabled, baseHash }) => saveToolFilter(core, port(), deps.registry, serverId, enabled, baseHash),
  };
}
