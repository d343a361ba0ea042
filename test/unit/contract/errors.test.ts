// Issue 36 item 1: each contract method lists the error codes it may fail with, each with the
// schema of its `data`; the dispatcher holds a handler to that list.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { contract, type AppContract } from '../../../shared/contract';
import { AppError, ERROR_DATA, ErrorCodeSchema, fail, WRITE_REFUSALS, type RpcError } from '../../../shared/errors';
import { ACTION, ALWAYS, createClient, createDispatcher, defineContract, method, READ, type CallCode, type MethodError } from '../../../shared/rpc';
import { WRITE_ERROR_CODES } from '../../../shared/schemas/write-error';
import { toSharedError } from '../../../electron/services/config/writer';

const methods = Object.entries(contract.methods);
const ctx = { host: 'cli' } as const;

describe('each method lists its error codes with their data', () => {
  it('every code a method lists is a contract code with its data schema; every method lists the dispatcher’s own', () => {
    for (const [name, def] of methods) {
      const codes = Object.keys(def.errors);
      expect(codes, name).toEqual(expect.arrayContaining([...ALWAYS]));
      for (const code of codes) {
        expect(ErrorCodeSchema.safeParse(code).success, `${name}: ${code}`).toBe(true);
        const schema = (def.errors as Record<string, unknown>)[code];
        expect(schema, `${name}: ${code}`).toBe(ERROR_DATA[ErrorCodeSchema.parse(code)]);
        expect(schema, `${name}: ${code}`).toBeInstanceOf(z.ZodType);
      }
      // The client's own codes (it could not reach the host, the answer did not parse) are no method's.
      for (const client of ['transport', 'invalid-output', 'unknown-method']) expect(codes, name).not.toContain(client);
    }
  });

  it('each code’s schema takes the data its refusals carry, and says what it carries', () => {
    expect(ERROR_DATA.conflict.safeParse({ reason: 'conflict', conflict: { path: '/f', base: null, theirs: 'a', ours: 'b' } }).success).toBe(true);
    expect(ERROR_DATA.conflict.safeParse({ conflict: { path: 1 } }).success).toBe(false);
    expect(ERROR_DATA['invalid-input'].safeParse({ fields: { url: 'not a URL' } }).success).toBe(true);
    expect(ERROR_DATA.refused.safeParse({ reason: 'untrusted', text: { key: 'host.link_not_http' } }).success).toBe(true);
    expect(Object.keys(ERROR_DATA.internal.shape)).toContain('undeclared');
    expect(Object.keys(ERROR_DATA['not-found'].shape)).not.toContain('conflict');
  });

  it('a method that writes lists every code a writer refusal becomes', () => {
    const landed = new Set(WRITE_ERROR_CODES.map((code) => toSharedError({ code, message: code }).code));
    for (const code of landed) expect([...WRITE_REFUSALS, ...ALWAYS], code).toContain(code);
    for (const name of ['servers.setEnabled', 'editor.save', 'editor.remove', 'editor.import', 'permissions.save', 'tools.setToolFilter', 'bridges.install', 'bridges.uninstall'] as const) {
      for (const code of landed) expect(Object.keys(contract.methods[name].errors), `${name}: ${code}`).toContain(code);
    }
  });

  it('no output can be mistaken for a handler’s failure answer (ok: false with a contract code)', () => {
    const withOk = methods.filter(([, def]) => {
      const out = def.output instanceof z.ZodNullable ? def.output.unwrap() : def.output;
      return out instanceof z.ZodObject && Object.hasOwn(out.shape, 'ok');
    });
    // DISC-2's search answers its own `{ ok: false, error: { code: EMPTY_QUERY } }`.
    expect(withOk.map(([n]) => n)).toEqual(['disclosure.search']);
    for (const [name, def] of withOk) {
      for (const code of ErrorCodeSchema.options) expect(def.output.safeParse({ ok: false, error: { code, message: 'm' } }).success, `${name}: ${code}`).toBe(false);
    }
  });

  it('a method’s error union is typed by its list', () => {
    expectTypeOf<MethodError<AppContract, 'servers.setEnabled'>['code']>().toEqualTypeOf<'invalid-input' | 'internal' | (typeof WRITE_REFUSALS)[number]>();
    expectTypeOf<Extract<MethodError<AppContract, 'tools.call'>, { code: 'conflict' }>['data']>().toMatchTypeOf<{ reason?: string | undefined } | undefined>();
    // What the page's client answers: the method's codes, a front door's refusal and the client's own, nothing else.
    expectTypeOf<CallCode<AppContract, 'app.info'>>().toEqualTypeOf<'invalid-input' | 'internal' | 'refused' | 'transport' | 'invalid-output'>();
  });
});

const tiny = defineContract({
  methods: {
    'box.open': method(z.object({ answer: z.enum(['thrown', 'returned', 'listed']) }), z.object({ opened: z.boolean() }), ACTION, ['not-found']),
    'box.peek': method(z.object({}), z.object({ seen: z.boolean() }), READ),
  },
  events: {},
});

/** A handler that fails with `conflict` (not listed) thrown or returned, or with `not-found` (listed). */
const handlers = {
  'box.open': ({ answer }: { answer: 'thrown' | 'returned' | 'listed' }) => {
    if (answer === 'thrown') throw new AppError('conflict', 'the box changed; look again', { reason: 'changed' });
    if (answer === 'returned') return fail('conflict', 'the box changed; look again', { reason: 'changed' });
    return fail('not-found', 'no such box');
  },
  'box.peek': () => ({ seen: true }),
};

describe('the dispatcher holds each handler to its method’s list', () => {
  it('a listed code passes as it is, thrown or returned', async () => {
    const dispatch = createDispatcher(tiny, handlers, { undeclared: 'throw' });
    expect(await dispatch('box.open', { answer: 'listed' }, ctx)).toEqual({ ok: false, error: { code: 'not-found', message: 'no such box' } });
  });

  it('at run time an unlisted code is still sent, with its words, as internal; the host is told', async () => {
    const told: Array<[string, RpcError]> = [];
    const dispatch = createDispatcher(tiny, handlers, { undeclared: (m, e) => told.push([m, e]) });
    for (const answer of ['thrown', 'returned'] as const) {
      const r = await dispatch('box.open', { answer }, ctx);
      expect(r, answer).toEqual({ ok: false, error: { code: 'internal', message: 'the box changed; look again', data: { reason: 'changed', undeclared: 'conflict' } } });
    }
    expect(told.map(([m, e]) => [m, e.code])).toEqual([
      ['box.open', 'conflict'],
      ['box.open', 'conflict'],
    ]);
    // Without a report the answer is the same.
    const quiet = await createDispatcher(tiny, handlers)('box.open', { answer: 'returned' }, ctx);
    expect(quiet.ok === false && quiet.error.code).toBe('internal');
  });

  it('in tests (undeclared: throw) an unlisted code fails the call', async () => {
    const dispatch = createDispatcher(tiny, handlers, { undeclared: 'throw' });
    await expect(dispatch('box.open', { answer: 'thrown' }, ctx)).rejects.toThrow(/box\.open answered error code "conflict", which its contract entry does not list/);
    await expect(dispatch('box.open', { answer: 'returned' }, ctx)).rejects.toThrow(/"conflict"/);
    // What every method lists is never reported: a refused input, an unforeseen failure.
    expect(await dispatch('box.open', { answer: 'nope' }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await dispatch('box.peek', {}, ctx)).toEqual({ ok: true, value: { seen: true } });
  });

  it('the client takes the codes a method lists, and refuses one it does not (a host the contract does not describe)', async () => {
    let answer: unknown = { ok: false, error: { code: 'not-found', message: 'no such box' } };
    const client = createClient(tiny, { invoke: async () => answer, subscribe: () => () => {} });
    expect(await client.call('box.open', { answer: 'listed' })).toEqual(answer);
    answer = { ok: false, error: { code: 'conflict', message: 'the box changed' } };
    const r = await client.call('box.open', { answer: 'listed' });
    expect(r.ok === false && r.error).toEqual({ code: 'invalid-output', message: 'box.open: error code "conflict" is not one this method lists: the box changed' });
    // A front door's refusal (SEC-1: an IPC call from an unexpected frame) may answer any method.
    answer = { ok: false, error: { code: 'refused', message: 'IPC from an unexpected frame' } };
    expect(await client.call('box.peek', {})).toEqual(answer);
  });

  it('a returned failure that is not a contract error is an internal error, not passed on', async () => {
    // What a handler built by hand could answer (parsed: the compiler would refuse it written out).
    const malformed: { seen: boolean } = JSON.parse('{"ok": false, "error": {"code": "refused"}}');
    const dispatch = createDispatcher(tiny, { ...handlers, 'box.peek': () => malformed });
    const r = await dispatch('box.peek', {}, ctx);
    expect(r.ok === false && r.error.code).toBe('internal');
    expect(r.ok === false && r.error.message).toMatch(/box\.peek failed with a malformed error/);
  });
});
