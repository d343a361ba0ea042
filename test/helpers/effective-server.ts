// A valid effective server (user layer of the minimax profile) for tests of what is built on
// the config engine's answer; `over` replaces any field, `env` goes into entry and spec.
import { EffectiveServerSchema, type EffectiveServer } from '../../shared/schemas/server';

export function effectiveServer(name: string, over: Record<string, unknown> = {}, env?: Record<string, string>): EffectiveServer {
  const withEnv = env ? { env } : {};
  return EffectiveServerSchema.parse({
    name,
    layer: 'user',
    path: '/h/.minimax/mcp.json',
    pointer: `/mcpServers/${name}`,
    transport: 'stdio',
    enabled: true,
    error: null,
    shadows: [],
    entry: { command: 'srv', ...withEnv },
    spec: { id: `configured:minimax:${name}`, name, profile: 'minimax', layer: 'user', source: 'configured', transport: 'stdio', command: 'srv', ...withEnv },
    ...over,
  });
}
