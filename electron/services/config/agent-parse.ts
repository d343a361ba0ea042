// AGENT-2 (issue 42): where a file's servers sit, as the agent reads them. Servers under a key the
// agent does not read vanish for it without a word, and Claude Code refuses a `.mcp.json` with no
// `mcpServers`; the panel says both, naming the key this agent reads. Driven by the profile's
// servers key and the spellings agents use for theirs; "server-shaped" is an object whose
// values have a command or a URL in one of those spellings.

/** The keys agents keep their servers under (Claude/Cursor/Gemini/Kimi, VS Code, Codex, Zed, Goose, OpenCode). */
const SERVER_KEYS = ['mcpServers', 'servers', 'mcp_servers', 'context_servers', 'extensions', 'mcp'] as const;
/** The fields an entry names its command or URL by, in the agents' spellings. */
const TARGET_FIELDS = ['command', 'url', 'cmd', 'uri', 'httpUrl', 'serverUrl'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The names of the server-shaped entries of an object (empty: not server-shaped). */
function serverShaped(v: unknown): string[] {
  if (!isObject(v)) return [];
  return Object.keys(v).filter((k) => {
    const e = v[k];
    return isObject(e) && TARGET_FIELDS.some((f) => Object.hasOwn(e, f));
  });
}

interface KeyFinding {
  /** Where it points in the file. */
  segs: string[];
  code: 'servers-key-missing' | 'servers-key-missing-found' | 'servers-key-unread' | 'servers-top-level';
  params: Record<string, string>;
  severity: 'error' | 'warning';
}

/**
 * What the agent does not read of a file whose servers belong under `key`: a known servers key
 * other than its own holding servers, servers at the top level, and (where the agent requires
 * the key) a file without it.
 */
export function serversKeyFindings(root: Record<string, unknown>, key: string, agent: string, required: boolean): KeyFinding[] {
  const out: KeyFinding[] = [];
  const list = (names: string[]) => names.map((n) => `"${n}"`).join(', ');
  for (const other of SERVER_KEYS) {
    if (other === key || !Object.hasOwn(root, other)) continue;
    const names = serverShaped(root[other]);
    if (names.length) out.push({ segs: [other], code: 'servers-key-unread', params: { found: other, key, agent, names: list(names) }, severity: 'warning' });
  }
  if (Object.hasOwn(root, key)) return out;
  const top = serverShaped(root);
  if (required) out.push({ segs: [], code: top.length ? 'servers-key-missing-found' : 'servers-key-missing', params: { key, agent, names: list(top) }, severity: 'error' });
  else if (top.length) out.push({ segs: [], code: 'servers-top-level', params: { key, agent, names: list(top) }, severity: 'warning' });
  return out;
}
