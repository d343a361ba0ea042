import { describe, expect, it } from 'vitest';
import { ConnectionSpecSchema, ServerStateSchema } from '../../../shared/schemas/server';

describe('shared server schemas', () => {
  it('fills defaults of a connection spec and rejects an unknown transport', () => {
    const spec = ConnectionSpecSchema.parse({ id: 'a', name: 'a', profile: 'kimi', layer: 'user', source: 'configured', transport: 'stdio', command: 'x' });
    expect(spec.args).toEqual([]);
    expect(spec.dropHeadersOnCrossOriginRedirect).toBe(true);
    expect(ConnectionSpecSchema.safeParse({ ...spec, transport: 'websocket' }).success).toBe(false);
  });
  it('requires the fields of each state kind', () => {
    expect(ServerStateSchema.safeParse({ kind: 'connected', code: 'connected', reason: '', since: 1 }).success).toBe(false);
    expect(ServerStateSchema.safeParse({ kind: 'failed', code: 'connect_failed', reason: 'x', since: 1, retryAt: null }).success).toBe(true);
  });
});
