// CONN-11: a tool that shadows another server's tool (Invariant Labs' tool shadowing: a
// description that says how *another* server's send_email must be used; OWASP MCP03). Two
// signs: the text names another server's tool as an agent names it (`mcp__mail__send_email`,
// `mail__send_email`, `mail.send_email`, or a qualified name given by the naming), or names its
// raw identifier in a sentence that gives an order about it; or this tool's own qualified name
// is another server's. One index for the whole catalog: each check skips its own server.

export interface ServerTools {
  /** Who owns these tools (a server id): matches against it are not shadowing. */
  key: string;
  server: string;
  tools: readonly string[];
  /** Qualified names of those tools as the agents name them, when the naming is known. */
  qualified?: ReadonlyArray<{ tool: string; name: string }>;
}

interface Owner {
  key: string;
  server: string;
  tool: string;
}

export interface ShadowIndex {
  qualified: Map<string, Owner[]>;
  raw: Map<string, Owner[]>;
  servers: Map<string, { key: string; server: string; tools: Map<string, string> }[]>;
}

/** The character mapping every scheme applies to both parts (NAME-1), case folded. */
const norm = (s: string) => s.replace(/[^a-zA-Z0-9_-]/g, '_').toLowerCase();
/** A raw name distinctive enough to mean that tool (not "search", "add"). */
const IDENTIFIER_LIKE = /[_-]|[a-z][A-Z]/;

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}

export function shadowIndex(servers: readonly ServerTools[]): ShadowIndex {
  const index: ShadowIndex = { qualified: new Map(), raw: new Map(), servers: new Map() };
  for (const s of servers) {
    for (const q of s.qualified ?? []) push(index.qualified, q.name.toLowerCase(), { key: s.key, server: s.server, tool: q.tool });
    for (const t of s.tools) if (IDENTIFIER_LIKE.test(t)) push(index.raw, t.toLowerCase(), { key: s.key, server: s.server, tool: t });
    push(index.servers, norm(s.server), { key: s.key, server: s.server, tools: new Map(s.tools.map((t) => [norm(t), t])) });
  }
  return index;
}

function serverTool(index: ShadowIndex, self: string, server: string, tool: string): Owner | null {
  for (const s of index.servers.get(norm(server)) ?? []) {
    const t = s.key !== self ? s.tools.get(norm(tool)) : undefined;
    if (t !== undefined) return { key: s.key, server: s.server, tool: t };
  }
  return null;
}

/** `mcp__srv__tool`, `mcp_srv_tool`, `srv__tool`, `srv.tool`, `srv/tool`: every split tried. */
function schemeOwner(index: ShadowIndex, self: string, token: string): Owner | null {
  const body = token.replace(/^mcp_{1,2}/i, '');
  for (const sep of ['__', '.', '/', '_']) {
    if (sep === '_' && body === token) continue; // a bare `a_b` is a raw name, not a scheme
    for (let at = body.indexOf(sep); at > 0; at = body.indexOf(sep, at + 1)) {
      const hit = serverTool(index, self, body.slice(0, at), body.slice(at + sep.length));
      if (hit) return hit;
    }
  }
  return null;
}

const other = (owners: Owner[] | undefined, self: string) => owners?.find((o) => o.key !== self) ?? null;

/** The other server's tool a token names, by qualified name or scheme; raw names need `order`. */
export function shadowedBy(index: ShadowIndex, self: string, token: string, order: boolean): Owner | null {
  const t = token.replace(/^[./]+|[./]+$/g, '');
  if (!t) return null;
  return other(index.qualified.get(t.toLowerCase()), self) ?? schemeOwner(index, self, t) ?? (order ? other(index.raw.get(t.toLowerCase()), self) : null);
}

/** This tool's qualified names that another server's tool also has. */
export function sameName(index: ShadowIndex, self: string, names: readonly string[]): { name: string; owner: Owner } | null {
  for (const name of names) {
    const o = other(index.qualified.get(name.toLowerCase()), self);
    if (o) return { name, owner: o };
  }
  return null;
}
