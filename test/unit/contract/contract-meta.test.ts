// Issue 36 item 1: every method of the contract says what kind it is, who may call it and how
// its answer is redacted; the socket's served set and the redaction are derived from that.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contract } from '../../../shared/contract';
import { methodsFor } from '../../../shared/rpc';

/** Every property name an output schema can carry (zod 4 definitions, walked to a depth). */
function fieldNames(schema: z.ZodType, depth = 0, out = new Set<string>()): Set<string> {
  if (depth > 12) return out;
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (s: unknown) => s && fieldNames(s as z.ZodType, depth + 1, out);
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        out.add(k);
        walk(v);
      }
      break;
    case 'array':
      walk(def.element);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
      walk(def.innerType);
      break;
    case 'union':
      for (const o of def.options as z.ZodType[]) walk(o);
      break;
    case 'record':
      walk(def.valueType);
      break;
    case 'pipe':
      walk(def.out);
      break;
  }
  return out;
}

const methods = Object.entries(contract.methods);

describe('the contract describes each method', () => {
  it('each method has a kind, the page among its callers, and a redaction class', () => {
    expect(methods.length).toBeGreaterThan(60);
    for (const [name, def] of methods) {
      expect(['read', 'action'], name).toContain(def.meta.kind);
      expect(def.meta.callers, name).toContain('page');
      expect(['config', 'server'], name).toContain(def.meta.redaction);
    }
  });

  it('the socket serves the reads and the config writes the CLI asks a running panel, never a switch of the view', () => {
    const served = methodsFor(contract, 'socket');
    // Issue 36 item 3: the CLI's writes go through the running panel's handlers (editor.*, trust, uninstall, logout, tools accept,
    // bridge install|uninstall); every other method it serves is a read.
    const writes = ['editor.save', 'editor.remove', 'editor.rename', 'editor.setEnabled', 'editor.import', 'workspace.trust', 'install.undo', 'auth.logout', 'tools.acceptSnapshot', 'bridges.install', 'bridges.uninstall'];
    for (const name of served) expect(contract.methods[name as keyof typeof contract.methods].meta.kind, name).toBe(writes.includes(name) ? 'action' : 'read');
    // What the CLI's commands call through panel-call.ts when a panel runs.
    expect(served).toEqual(expect.arrayContaining(['servers.list', 'tools.list', 'tools.definitions', 'tools.describe', 'permissions.simulate', 'disclosure.plan', 'logs.get', 'auth.list', 'bridges.list', 'editor.importPreview', ...writes]));
    for (const other of ['servers.setEnabled', 'servers.reconnect', 'install.apply', 'profiles.select', 'auth.login', 'editor.storeSecret', 'editor.trySession', 'tools.call']) expect(served).not.toContain(other);
  });

  it('a method whose answer carries what a server said is redacted as server content', () => {
    // Fields only servers fill: tool schemas, call results, resource contents, prompt messages.
    const SERVER_FIELDS = ['inputSchema', 'structuredContent', 'contents', 'messages'];
    const said = methods.filter(([, def]) => SERVER_FIELDS.some((f) => fieldNames(def.output).has(f))).map(([n]) => n);
    expect(said).toEqual(expect.arrayContaining(['tools.describe', 'tools.call']));
    for (const name of said) expect(contract.methods[name as keyof typeof contract.methods].meta.redaction, name).toBe('server');
    // And a config answer is never treated as server content (it would lose the secret-shape masking).
    for (const name of ['servers.list', 'editor.layers', 'install.across', 'app.settings', 'auth.list']) {
      expect(contract.methods[name as keyof typeof contract.methods].meta.redaction, name).toBe('config');
    }
  });

  it('every action answers its result, not an empty object (issue 36 item 2)', () => {
    const empty = methods.filter(([, def]) => def.meta.kind === 'action' && fieldNames(def.output).size === 0).map(([n]) => n);
    expect(empty).toEqual([]);
    // The reads that change something the panel keeps answer it too.
    expect(fieldNames(contract.methods['servers.refreshLists'].output)).toContain('server');
  });
});
