// Property over the whole service on real files: whatever the user and project files hold,
// load() answers, and every problem's pointer resolves in the file it names (or is '').
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseJsonText, resolvePointer } from '../../../electron/services/config/json-text';
import { useSandbox } from './helpers';

const sb = useSandbox('all');

const entry = fc.dictionary(fc.constantFrom('command', 'url', 'type', 'args', 'env', 'headers', 'timeout', 'enabled', 'id', 'timeoutMs', 'subagent', 'x'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });
const content = fc.oneof(
  fc.record({ mcpServers: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.oneof(entry, fc.jsonValue({ maxDepth: 2 })), { maxKeys: 5 }) }).map((v) => JSON.stringify(v, null, 2)),
  fc.string({ maxLength: 60 }),
  fc.constant(null), // file absent
);

describe('ConfigService.load on random files', () => {
  it('never throws; problem pointers are real', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('minimax', 'kimi', 'minara' as const), content, content, async (profile, user, project) => {
        const paths = {
          minimax: [join(sb.home, '.minimax', 'mcp.json'), join(sb.ws, '.mcp.json')],
          kimi: [join(sb.home, '.kimi-code', 'mcp.json'), join(sb.ws, '.kimi-code', 'mcp.json')],
          minara: [join(sb.home, '.minara', 'mcp', 'servers.json'), join(sb.ws, '.minara', 'mcp', 'servers.json')],
        }[profile];
        for (const [i, text] of [user, project].entries()) {
          const p = paths[i] as string;
          if (text === null) await rm(p, { force: true });
          else await sb.write(p, text);
        }
        const svc = sb.service();
        await svc.trust.trust(sb.ws);
        const view = await svc.load(profile, sb.ws);
        for (const prob of view.problems) {
          if (prob.pointer === '') continue;
          const parsed = parseJsonText(await readFile(prob.path, 'utf8'));
          expect(parsed.ok).toBe(true);
          if (parsed.ok) expect(resolvePointer(parsed.root, prob.pointer), `${prob.path} ${prob.pointer}`).toBeDefined();
        }
        for (const s of view.servers) expect(s.spec === null || s.error === null).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
