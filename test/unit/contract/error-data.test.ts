// Issue 36 item 1: an error's data is typed by the contract (shared/errors.ts ErrorDataSchema), so
// no front door casts it: the client refuses data of the wrong shape, and the writer's refusals
// arrive with their conflict and findings in typed fields.
import { describe, expect, it } from 'vitest';
import { RpcErrorSchema } from '../../../shared/errors';
import { toSharedError } from '../../../electron/services/config/writer';

describe('typed error data', () => {
  it('the contract refuses data of the wrong shape and keeps what it does not name', () => {
    expect(RpcErrorSchema.safeParse({ code: 'refused', message: 'x', data: { reason: 5 } }).success).toBe(false);
    expect(RpcErrorSchema.safeParse({ code: 'conflict', message: 'x', data: { conflict: { path: '/p' } } }).success).toBe(false);
    const ok = RpcErrorSchema.parse({ code: 'conflict', message: 'x', data: { reason: 'conflict', conflict: { path: '/p', base: null, theirs: 'a', ours: 'b' }, extra: 1 } });
    expect(ok.data?.conflict?.theirs).toBe('a');
    expect(ok.data?.extra).toBe(1);
  });

  it("a writer's inline-secret refusal carries its findings typed, never a value", () => {
    const finding = { pointer: '/env/TOKEN', kind: 'env', hint: 'literal value, 20 characters', fix: 'use ${TOKEN}', length: 20, fixCode: 'env', fixParams: { name: 'TOKEN' } };
    const e = toSharedError({ code: 'inline_secret', message: 'refusing to write a secret', data: [finding] });
    expect(RpcErrorSchema.parse(e).data).toMatchObject({ reason: 'inline_secret', findings: [finding] });
    expect(toSharedError({ code: 'io', message: 'disk full', data: { errno: 28 } }).data?.findings).toBeUndefined();
  });
});
