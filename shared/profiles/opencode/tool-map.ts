// OpenCode's top-level `tools` map (README: sources, OpenCode 1.18.33): `{"srv_tool": false,
// "srv_*": false}` over the names it gives tools (naming.ts). How OpenCode reads it:
// - config.ts: the files are merged deeply (remeda mergeDeep), so a later file's value wins for a
//   key while the key keeps the place of its first appearance; the merged map then becomes
//   `permission` rules in that order (`false` → "deny"; write/edit/patch become `edit`, a name no
//   MCP tool has, since every MCP name holds `_`).
// - permission/index.ts `disabled()`: the last rule whose key matches the name decides; a deny
//   leaves the tool out of what session/llm.ts offers the model.
// - util/wildcard.ts `match()`: `*` any run, `?` any one character, everything else literal; a key
//   ending in " *" also matches without that tail. OpenCode's names hold no `/` or space, so
//   segmentsTest (literal but for `*` and `?`) answers as OpenCode does. (On Windows OpenCode matches
//   without case; the panel matches case as on Linux and macOS.)
import { segmentsTest, type NameTest } from '../../permissions/glob';
import { isRecord } from '../../is-record';
import { sanitizeApiName } from '../kit';
import type { ToolMapFacts } from '../types';
import { opencodeToolName } from './naming';

const tests = new Map<string, NameTest>();
const MAX_CACHED = 512;

/** The key as OpenCode's Wildcard.match reads it, over names without `/` or spaces. */
function testOf(key: string): NameTest {
  let t = tests.get(key);
  if (!t) {
    t = segmentsTest(key.endsWith(' *') ? key.slice(0, -2) : key);
    if (tests.size >= MAX_CACHED) tests.clear();
    tests.set(key, t);
  }
  return t;
}

/** Could `key` match some name that starts with `prefix`: the key's literal head agrees with it up to its first `*`. */
function agreesWith(key: string, prefix: string): boolean {
  const k = key.endsWith(' *') ? key.slice(0, -2) : key;
  for (let i = 0; i < prefix.length; i++) {
    const c = k[i];
    if (c === undefined) return false;
    if (c === '*') return true;
    if (c !== '?' && c !== prefix[i]) return false;
  }
  return true;
}

export const OPENCODE_TOOL_MAP: ToolMapFacts = {
  key: 'tools',
  // config.ts: `tools: z.record(z.string(), z.boolean())`; a value of another type is not OpenCode's.
  read: (root) => {
    const map = root.tools;
    return isRecord(map) ? Object.entries(map).filter((e): e is [string, boolean] => typeof e[1] === 'boolean') : [];
  },
  // mergeDeep: a Map keeps a key's first place and takes its latest value, as an object spread does.
  merge: (layers) => [...new Map(layers.flat()).entries()],
  off: (merged, server, tool) => {
    const name = opencodeToolName(server, tool);
    for (let i = merged.length - 1; i >= 0; i--) {
      const [key, on] = merged[i]!;
      if (testOf(key)(name)) return !on;
    }
    return false;
  },
  reaches: (key, server) => agreesWith(key, `${sanitizeApiName(server)}_`),
  keyOf: opencodeToolName,
};
