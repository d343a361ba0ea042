// The contract derivation: a method without a handler fails to compile and fails at
// runtime; inputs are validated in the host, outputs and events in the client.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, type AppContract } from '../../../shared/contract';
import { ACTION, READ, createClient, createDispatcher, defineContract, method, missingHandlers, type Handlers, type RpcTransport } from '../../../shared/rpc';

const tiny = defineContract({
  methods: {
    'math.double': method(z.object({ n: z.number() }), z.object({ n: z.number() }), READ),
    'math.fail': method(z.object({}), z.object({}), ACTION),
  },
  events: { 'math.ticked': z.object({ at: z.number() }) },
});

const ctx = { host: 'cli' } as const;

describe('contract derivation', () => {
  it('a handler map missing a method does not compile, and the dispatcher refuses it at runtime', () => {
    // @ts-expect-error 'math.fail' is missing: Handlers<C> requires every method.
    const partial: Handlers<typeof tiny> = { 'math.double': ({ n }) => ({ n: n * 2 }) };
    expect(missingHandlers(tiny, partial)).toEqual(['math.fail']);
    expect(() => createDispatcher(tiny, partial)).toThrow(/no handler for: math.fail/);
  });

  it('every method of the app contract is named domain.verb and every event domain.event', () => {
    for (const name of [...Object.keys(contract.methods), ...Object.keys(contract.events)]) expect(name).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
    expect(() => defineContract({ methods: { Bad: method(z.object({}), z.object({}), ACTION) }, events: {} })).toThrow(/domain.verb/);
  });

  it('the api handlers cover the whole app contract (type-level)', () => {
    type Keys = keyof Handlers<AppContract>;
    const keys: Record<Keys, true> = {
      'app.info': true,
      'plan.preview': true,
      'skills.list': true,
      'skills.read': true,
      'skills.accept': true,
      'plan.apply': true,
      'plan.undo': true,
      'plan.list': true,
      'app.openExternal': true,
      'app.settings': true,
      'app.setSettings': true,
      'profiles.detect': true,
      'profiles.select': true,
      'agents.ask': true,
      'agents.answers': true,
      'servers.list': true,
      'servers.reconnect': true,
      'servers.setEnabled': true,
      'servers.eraMode': true,
      'servers.setEraMode': true,
      'inputs.pending': true,
      'servers.refreshLists': true,
      'inspect.setLogLevel': true,
      'inputs.answer': true,
      'tools.snapshotDiff': true,
      'app.about': true,
      'workspace.trust': true,
      'workspace.pickFolder': true,
      'editor.layers': true,
      'editor.save': true,
      'editor.remove': true,
      'editor.rename': true,
      'editor.setEnabled': true,
      'editor.storeSecret': true,
      'editor.trySession': true,
      'editor.clearSession': true,
      'editor.importPreview': true,
      'editor.import': true,
      'tools.list': true,
      'tools.limits': true,
      'tools.definitions': true,
      'tools.describe': true,
      'tools.call': true,
      'tools.cancel': true,
      'tools.acceptSnapshot': true,
      'tools.previewToolFilter': true,
      'tools.setToolFilter': true,
      'permissions.simulate': true,
      'permissions.read': true,
      'permissions.save': true,
      'disclosure.plan': true,
      'disclosure.search': true,
      'auth.list': true,
      'auth.login': true,
      'auth.cancel': true,
      'auth.logout': true,
      'logs.get': true,
      'doctor.run': true,
      'doctor.tryLaunch': true,
      'inspect.server': true,
      'inspect.ping': true,
      'inspect.resources': true,
      'inspect.templates': true,
      'inspect.read': true,
      'inspect.prompts': true,
      'inspect.getPrompt': true,
      'bridges.advice': true,
      'bridges.install': true,
      'bridges.uninstall': true,
      'bridges.list': true,
      'install.preview': true,
      'install.apply': true,
      'install.undo': true,
      'install.list': true,
      'install.across': true,
      'install.agentServers': true,
      'registry.sources': true,
      'registry.addSource': true,
      'registry.search': true,
      'registry.show': true,
    };
    expect(Object.keys(keys).sort()).toEqual(Object.keys(contract.methods).sort());
  });

  it('validates input in the host, maps thrown errors to data, and strips unknown output fields', async () => {
    const dispatch = createDispatcher(tiny, {
      'math.double': ({ n }) => ({ n: n * 2, secret: 'x' }) as { n: number },
      'math.fail': () => {
        throw new Error('boom');
      },
    });
    expect(await dispatch('math.double', { n: 2 }, ctx)).toEqual({ ok: true, value: { n: 4 } });
    const bad = await dispatch('math.double', { n: 'two' }, ctx);
    expect(bad.ok === false && bad.error.code).toBe('invalid-input');
    const boom = await dispatch('math.fail', {}, ctx);
    expect(boom).toEqual({ ok: false, error: { code: 'internal', message: 'boom' } });
    const unknown = await dispatch('math.nope', {}, ctx);
    expect(unknown.ok === false && unknown.error.code).toBe('unknown-method');
    const proto = await dispatch('__proto__', {}, ctx);
    expect(proto.ok === false && proto.error.code).toBe('unknown-method');
  });

  it('the client validates outputs and events, and reports an unreachable host as data', async () => {
    let emit: (e: string, p: unknown) => void = () => {};
    let answer: unknown = { ok: true, value: { n: 'not a number' } };
    const transport: RpcTransport = {
      invoke: async (m) => {
        if (m === 'math.fail') throw new Error('ECONNREFUSED');
        return answer;
      },
      subscribe: (l) => {
        emit = l;
        return () => (emit = () => {});
      },
    };
    const invalid: string[] = [];
    const client = createClient(tiny, transport, (what) => invalid.push(what));
    const r1 = await client.call('math.double', { n: 1 });
    expect(r1.ok === false && r1.error.code).toBe('invalid-output');
    answer = { ok: true, value: { n: 2 } };
    expect(await client.call('math.double', { n: 1 })).toEqual({ ok: true, value: { n: 2 } });
    const r3 = await client.call('math.fail', {});
    expect(r3.ok === false && r3.error.code).toBe('transport');

    const got: number[] = [];
    const off = client.on('math.ticked', (p) => got.push(p.at));
    emit('math.ticked', { at: 1 });
    emit('math.ticked', { at: 'x' });
    emit('math.unknown', {});
    off();
    emit('math.ticked', { at: 3 });
    expect(got).toEqual([1]);
    expect(invalid).toEqual(['math.ticked', 'math.unknown']);
  });
});
