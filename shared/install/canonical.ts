// AGENT-3: one server in the panel's canonical form, read from any agent's entry and written
// back in any agent's spelling, with what the target cannot say. Install, import and "make these
// the same" all go through here; each agent's own spelling is its profile's `spelling` (and its
// `normalize`, `transportOf`, `expansion`, `serverSwitch`, `toolFilter` facts), so nothing here
// tests an agent's name.
import { profileFacts } from '../profiles';
import { strArr } from '../profiles/fields';
import { entryEnabled } from '../profiles/kit';
import { ENV_REFERENCE } from '../schemas/env-reference';
import type { LayerKind, Profile, Transport } from '../schemas/server';
import type { InstallLoss } from '../schemas/install';
import { isRecord } from '../is-record';

export interface CanonicalEntry {
  transport: Transport;
  command?: string;
  args?: string[];
  /** Values in the panel's spelling: `${NAME}` for a variable. */
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  enabled: boolean;
  enabledTools?: string[];
  disabledTools?: string[];
}


function strRec(v: unknown): Record<string, string> | undefined {
  if (!isRecord(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
  return out;
}

/** `stdio | http | sse` as the agent reads the entry: its own rule, else `type`/`transport`, else the fields. */
function transportOf(profile: Profile, e: Record<string, unknown>): Transport | null {
  const facts = profileFacts(profile);
  if (facts.transportOf) return facts.transportOf(e);
  if (facts.transports.length === 1) return facts.transports[0]!;
  for (const k of facts.transportKeys) {
    const t = e[k];
    if (t === 'stdio' || t === 'sse') return t;
    if (t === 'http' || t === 'streamable-http' || t === 'streamableHttp') return 'http';
  }
  return typeof e.command === 'string' ? 'stdio' : typeof e.url === 'string' ? 'http' : null;
}

/** The canonical form of one of `profile`'s entries (null: it names no transport the panel knows). */
export function canonicalOf(profile: Profile, entry: Record<string, unknown>): CanonicalEntry | null {
  const facts = profileFacts(profile);
  const e = facts.normalize?.(entry) ?? entry;
  const transport = transportOf(profile, e);
  if (!transport) return null;
  const out: CanonicalEntry = { transport, enabled: !facts.serverSwitch || entryEnabled(facts, entry) };
  const sp = facts.spelling;
  if (transport === 'stdio') {
    if (typeof e.command === 'string') out.command = e.command;
    const args = strArr(e.args);
    if (args) out.args = args;
    const env = strRec(e.env) ?? {};
    // Codex `env_vars`: forwarded by name, i.e. `NAME = ${NAME}` in the panel's spelling.
    for (const v of sp.forwardEnvField ? (Array.isArray(entry[sp.forwardEnvField]) ? (entry[sp.forwardEnvField] as unknown[]) : []) : []) {
      const name = typeof v === 'string' ? v : isRecord(v) && typeof v.name === 'string' ? v.name : null;
      if (name) env[name] = `\${${name}}`;
    }
    if (Object.keys(env).length) out.env = env;
    if (typeof e.cwd === 'string') out.cwd = e.cwd;
  } else {
    if (typeof e.url === 'string') out.url = e.url;
    const headers = strRec(e.headers) ?? {};
    const token = sp.tokenEnvField ? entry[sp.tokenEnvField] : undefined;
    if (typeof token === 'string' && token !== '' && headers.Authorization === undefined) headers.Authorization = `Bearer \${${token}}`;
    if (Object.keys(headers).length) out.headers = headers;
  }
  const allow = facts.toolFilter.allow ? strArr(entry[facts.toolFilter.allow]) : undefined;
  const deny = facts.toolFilter.deny ? strArr(entry[facts.toolFilter.deny]) : undefined;
  // An allow-list of "every tool" (Copilot CLI `["*"]`) limits nothing.
  const every = facts.toolFilter.every;
  if (allow && !(every !== undefined && allow.includes(every))) out.enabledTools = allow;
  if (deny) out.disabledTools = deny;
  return out;
}

export interface Spelled {
  entry: Record<string, unknown>;
  /** What the target cannot say as the source said it (the entry is written without it). */
  losses: InstallLoss[];
}

type Field = 'command' | 'args' | 'env' | 'cwd' | 'url' | 'headers';

const refs = (s: string) => [...s.matchAll(ENV_REFERENCE)];
const WHOLE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;
const BEARER = /^Bearer \$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** Where `${VAR}` expands in `layer` of the target: every connection field, headers only, or nowhere. */
function expandsIn(profile: Profile, layer: LayerKind, field: Field): boolean {
  const x = profileFacts(profile).expansion(layer);
  return x === 'entry' || (x === 'headers' && field === 'headers');
}

/**
 * `canonical` in `profile`'s spelling for a file of `layer`. What cannot be said is listed, never
 * written as text the agent would send as it is (`${VAR}` where it does not expand).
 */
export function spellAs(profile: Profile, layer: LayerKind, c: CanonicalEntry, name?: string): Spelled {
  const facts = profileFacts(profile);
  const sp = facts.spelling;
  const losses: InstallLoss[] = [];
  const entry: Record<string, unknown> = {};
  const agent = facts.label;
  if (!facts.transports.includes(c.transport)) losses.push({ code: 'transport', params: { agent, transport: c.transport }, blocking: true });
  const literal: string[] = [];
  const literalFields = new Set<Field>();
  const dropped: string[] = [];
  /** A string of `field` in the target's spelling; null when the agent would send a reference as written. */
  const say = (field: Field, s: string): string | null => {
    const found = refs(s);
    if (found.length === 0) return s;
    if (!expandsIn(profile, layer, field)) {
      for (const m of found) literal.push(m[0]);
      literalFields.add(field);
      return null;
    }
    return s.replace(ENV_REFERENCE, (whole, name: string, fallback: string | undefined) => {
      if (fallback !== undefined && !sp.defaults) dropped.push(whole);
      return sp.variable === 'env-colon' ? `\${env:${name}}` : sp.variable === 'env-brace' ? `{env:${name}}` : `\${${name}}`;
    });
  };
  if (sp.nameField && name !== undefined) entry[sp.nameField] = name;
  if (sp.typeKey && sp.typeWords[c.transport]) entry[sp.typeKey] = sp.typeWords[c.transport];
  if (c.transport === 'stdio') {
    const command = c.command === undefined ? undefined : (say('command', c.command) ?? c.command);
    const args = c.args?.map((a) => say('args', a) ?? a);
    // OpenCode: the command and its arguments are one array.
    if (sp.argv) {
      if (command !== undefined) entry[sp.commandKey] = [command, ...(args ?? [])];
    } else {
      if (command !== undefined) entry[sp.commandKey] = command;
      if (args) entry.args = args;
    }
    if (c.env) {
      const env: Record<string, string> = {};
      const forward: string[] = [];
      for (const [k, v] of Object.entries(c.env)) {
        const whole = WHOLE.exec(v);
        // Codex: `NAME = ${NAME}` is `env_vars = ["NAME"]` (a variable of another name cannot be said).
        if (!expandsIn(profile, layer, 'env') && sp.forwardEnvField && whole && whole[1] === k) forward.push(k);
        else env[k] = say('env', v) ?? v;
      }
      if (Object.keys(env).length) entry[sp.envKey] = env;
      if (forward.length && sp.forwardEnvField) entry[sp.forwardEnvField] = forward;
    }
    if (c.cwd !== undefined) entry.cwd = say('cwd', c.cwd) ?? c.cwd;
  } else {
    if (c.url !== undefined) entry[sp.urlKey[c.transport] ?? 'url'] = say('url', c.url) ?? c.url;
    if (c.headers) {
      const headers: Record<string, string> = {};
      const byName: Record<string, string> = {};
      for (const [h, v] of Object.entries(c.headers)) {
        const expands = expandsIn(profile, layer, 'headers');
        const bearer = BEARER.exec(v);
        const whole = WHOLE.exec(v);
        if (!expands && bearer && /^authorization$/i.test(h) && sp.tokenEnvField) entry[sp.tokenEnvField] = bearer[1];
        else if (!expands && whole && sp.envHeadersField) byName[h] = whole[1]!;
        else headers[h] = say('headers', v) ?? v;
      }
      if (Object.keys(headers).length) entry[sp.headersKey] = headers;
      if (Object.keys(byName).length && sp.envHeadersField) entry[sp.envHeadersField] = byName;
    }
  }
  // A transport the file cannot name (Windsurf's `serverUrl` reads as streamable HTTP): not said.
  if (facts.transports.includes(c.transport) && transportOf(profile, facts.normalize?.(entry) ?? entry) !== c.transport) {
    losses.push({ code: 'transport', params: { agent, transport: c.transport }, blocking: true });
  }
  if (literal.length) losses.push({ code: 'var_literal', params: { agent, vars: [...new Set(literal)].join(', '), fields: [...literalFields].join(', ') }, blocking: true });
  if (dropped.length) losses.push({ code: 'var_default', params: { agent, vars: [...new Set(dropped)].join(', ') }, blocking: false });
  if (c.enabled && sp.enabledAlways) entry.enabled = true;
  if (!c.enabled) {
    if (facts.serverSwitch) entry[sp.switchKey] = sp.switchKey === 'enabled' ? false : true;
    else losses.push({ code: 'no_switch', params: { agent }, blocking: false });
  }
  const { allow, deny } = facts.toolFilter;
  if (c.enabledTools) {
    if (allow) entry[allow] = c.enabledTools;
    else losses.push({ code: 'no_tool_filter', params: { agent, tools: c.enabledTools.join(', ') }, blocking: false });
  }
  if (c.disabledTools?.length) {
    if (deny) entry[deny] = c.disabledTools;
    else losses.push({ code: 'no_tool_filter', params: { agent, tools: c.disabledTools.join(', ') }, blocking: false });
  }
  return { entry, losses };
}
