// Property tests: the loader never throws, every problem points at a real
// place in the file (or at the whole file), and valid entries always load.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadLayer, readText } from '../../../electron/services/config/layer-loader';
import { parseJsonText, resolvePointer } from '../../../electron/services/config/json-text';
import type { LoadContext } from '../../../shared/profiles/loading';
import type { Dialect } from '../../../shared/schemas/dialects';
import { MINIMAX_RESERVED_NAMES } from '../../../shared/profiles/minimax/dialect';

const ctx = (profile: Dialect): LoadContext => ({
  profile,
  env: { SET: 'v' },
  home: '/h',
  cwd: '/',
  workspace: '/w',
  panelDataDir: '/p',
  isTrusted: async () => true,
});
const dialects = ['minimax', 'kimi', 'minara'] as const satisfies readonly Dialect[];

function load(text: string, dialect: Dialect, project: boolean, listMode = false) {
  return loadLayer(
    readText(text, 'f.json'),
    project
      ? { path: 'f.json', layer: 'project', dialect, reservedNames: MINIMAX_RESERVED_NAMES, projectRoot: '/w', listMode }
      : { path: 'f.json', layer: 'user', dialect, listMode },
    ctx(dialect),
  );
}

function assertPointersReal(text: string, problems: Array<{ pointer: string }>) {
  const parsed = parseJsonText(text);
  for (const p of problems) {
    if (!parsed.ok) expect(p.pointer).toBe('');
    else expect(resolvePointer(parsed.root, p.pointer), `pointer ${p.pointer}`).toBeDefined();
  }
}

const fieldValue = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }));
const knownKey = fc.constantFrom('type', 'transport', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'timeout', 'enabled', 'deferred', 'enabledTools', 'timeoutMs', 'maxTools', 'include', 'subagent', 'id', 'authTokenEnv');
const looseEntry = fc.dictionary(fc.oneof(knownKey, fc.string()), fieldValue, { maxKeys: 6 });
const serverName = fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'a/b', 'x~y', 'matrix'));
const randomConfig = fc.oneof(
  fc.record({ mcpServers: fc.dictionary(serverName, fc.oneof(looseEntry, fc.jsonValue()), { maxKeys: 6 }) }),
  fc.jsonValue(),
  fc.record({ mcpServers: fc.jsonValue(), mcp: fc.jsonValue() }),
);

/** Texts that are almost valid: a config with a few characters dropped, duplicated or replaced. */
const mutatedText = fc
  .tuple(randomConfig, fc.array(fc.tuple(fc.nat(), fc.constantFrom('drop', 'dup', 'junk'), fc.constantFrom('{', '}', '"', ',', ':', '/', '*', '\n', '[')), { minLength: 1, maxLength: 4 }))
  .map(([cfg, muts]) => {
    let t = JSON.stringify(cfg, null, 2) ?? 'null';
    for (const [pos, kind, ch] of muts) {
      const i = t.length ? pos % t.length : 0;
      t = kind === 'drop' ? t.slice(0, i) + t.slice(i + 1) : kind === 'dup' ? t.slice(0, i) + t[i] + t.slice(i) : t.slice(0, i) + ch + t.slice(i);
    }
    return t;
  });

describe('loader properties', () => {
  it('never throws and every problem pointer is real, on random configs', () => {
    fc.assert(
      fc.property(randomConfig, fc.constantFrom(...dialects), fc.boolean(), (cfg, dialect, project) => {
        const text = JSON.stringify(cfg, null, 2) ?? 'null';
        const layer = load(text, dialect, project);
        assertPointersReal(text, layer.problems);
        const parsed = parseJsonText(text);
        if (parsed.ok) for (const s of layer.servers) expect(resolvePointer(parsed.root, s.pointer)).toBeDefined();
        else expect(layer.servers).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
  it('never throws on mutated text; unparseable text is one problem with line and column', () => {
    fc.assert(
      fc.property(mutatedText, fc.constantFrom(...dialects), fc.boolean(), (text, dialect, project) => {
        const layer = load(text, dialect, project);
        assertPointersReal(text, layer.problems);
        if (layer.info.state === 'invalid' && !parseJsonText(text).ok) {
          expect(layer.problems).toHaveLength(1);
          expect(layer.problems[0]?.line).toBeGreaterThanOrEqual(1);
          expect(layer.problems[0]?.column).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });
  it('never throws on MCP_SERVERS-style lists', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(fc.oneof(looseEntry, fc.jsonValue()), { maxLength: 5 }), fc.jsonValue()), (v) => {
        const text = JSON.stringify(v) ?? 'null';
        assertPointersReal(text, load(text, 'minara', false, true).problems);
      }),
      { numRuns: 200 },
    );
  });
});

const safeName = fc.stringMatching(/^[a-z][a-z0-9_-]{0,15}$/).filter((n) => !MINIMAX_RESERVED_NAMES.includes(n));
const str = fc.string({ maxLength: 10 });
const url = fc.constantFrom('https://a.example/mcp', 'http://127.0.0.1:3000/mcp', 'https://x.example/v1/');
const ms = fc.integer({ min: 1, max: 600_000 });
const stdioEntry = fc.record(
  { command: fc.string({ minLength: 1, maxLength: 10 }), args: fc.array(str, { maxLength: 3 }), env: fc.dictionary(fc.stringMatching(/^[A-Z]{1,5}$/), str, { maxKeys: 2 }), timeout: ms, enabled: fc.boolean(), extra: fc.jsonValue() },
  { requiredKeys: ['command'] },
);
const httpEntry = fc.record(
  { type: fc.constantFrom('http', 'streamable-http', 'sse'), url, headers: fc.dictionary(fc.stringMatching(/^X-[A-Za-z]{1,5}$/), str, { maxKeys: 2 }), enabled: fc.boolean() },
  { requiredKeys: ['url'] },
);
const kimiExtra = fc.record({ deferred: fc.boolean(), startupTimeoutMs: ms, toolTimeoutMs: ms, enabledTools: fc.array(str, { maxLength: 2 }), bearerTokenEnvVar: fc.stringMatching(/^[A-Z]{1,6}$/) }, { requiredKeys: [] });
const minaraEntry = fc.record(
  { url, authTokenEnv: fc.stringMatching(/^[A-Z]{1,6}$/), timeoutMs: ms, maxTools: fc.integer({ min: 1, max: 500 }), include: fc.array(str, { maxLength: 3 }), label: str, subagent: fc.record({ systemPrompt: str, maxSteps: fc.integer({ min: 1, max: 20 }) }) },
  { requiredKeys: ['url'] },
);
const validFor: Record<(typeof dialects)[number], fc.Arbitrary<Record<string, unknown>>> = {
  minimax: fc.oneof(stdioEntry, httpEntry),
  kimi: fc.tuple(fc.oneof(stdioEntry, httpEntry), kimiExtra).map(([a, b]) => ({ ...a, ...b })),
  minara: minaraEntry,
};

describe('valid entries always load', () => {
  for (const dialect of dialects) {
    it(`${dialect}: every valid entry has a spec and no error, next to junk`, () => {
      fc.assert(
        fc.property(fc.dictionary(safeName, validFor[dialect], { minKeys: 1, maxKeys: 5 }), fc.dictionary(fc.string({ minLength: 1 }).map((k) => `junk-${k}`), fc.jsonValue(), { maxKeys: 3 }), (valid, junk) => {
          const text = JSON.stringify({ mcpServers: { ...junk, ...valid } }, null, 2);
          const layer = load(text, dialect, false);
          for (const name of Object.keys(valid)) {
            const s = layer.servers.find((x) => x.name === name && x.pointer === `/mcpServers/${name}`);
            expect(s?.error ?? null, `${name}`).toBeNull();
            expect(s?.spec?.name).toBe(name);
            expect(s?.entry).toEqual(JSON.parse(JSON.stringify(valid[name]))); // as the file holds it (-0 is 0 in JSON)
          }
          assertPointersReal(text, layer.problems);
        }),
        { numRuns: 150 },
      );
    });
  }
});
