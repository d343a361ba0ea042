// CONN-10: a bounded JSON-RPC log per server. Messages can be 100 MB (SEC-4), so the text is
// built by a walker that stops at a character budget instead of stringifying everything.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';

/** One logged JSON-RPC message as the panel shows it (ServerInfo.traffic). */
export interface TrafficEntry {
  at: number;
  dir: 'out' | 'in';
  kind: 'request' | 'response' | 'error' | 'notification' | 'invalid' | 'transport-error';
  method?: string;
  id?: string | number;
  /** The message as JSON, cut to a bounded length. */
  text: string;
}

/** True when the value's JSON is surely under `max` chars: a cheap walk that builds nothing. */
export function surelySmall(value: unknown, max: number): boolean {
  let budget = max;
  const walk = (v: unknown, depth: number): boolean => {
    if (typeof v === 'string') return (budget -= v.length + 2) > 0;
    if (v === null || typeof v !== 'object') return (budget -= 24) > 0;
    if (depth > 20) return false;
    if (Array.isArray(v)) {
      for (const item of v) if (!walk(item, depth + 1)) return false;
      return (budget -= 2) > 0;
    }
    for (const k in v) {
      budget -= k.length + 4;
      if (!walk((v as Record<string, unknown>)[k], depth + 1)) return false;
    }
    return (budget -= 2) > 0;
  };
  return walk(value, 0);
}

export function boundedJson(value: unknown, max = 600): string {
  // Fast path for the common small message: native JSON (a tool call costs two of these).
  // Escapes can make it up to 6× the estimate: still tiny, and cut below.
  if (surelySmall(value, max)) {
    const s = JSON.stringify(value) ?? 'null';
    return s.length > max ? s.slice(0, max) + '…' : s;
  }
  let out = '';
  const walk = (v: unknown): boolean => {
    if (out.length >= max) return false;
    if (v === null || typeof v !== 'object') {
      let s = typeof v === 'string' ? JSON.stringify(v.length > max ? v.slice(0, max) + '…' : v) : String(JSON.stringify(v) ?? 'null');
      if (typeof v === 'string' && v.length > max) s = s.replace(/\u2026"$/, `…(${v.length} chars)"`);
      out += s;
      return out.length < max;
    }
    const arr = Array.isArray(v);
    out += arr ? '[' : '{';
    let first = true;
    for (const [k, item] of arr ? v.entries() : Object.entries(v)) {
      if (!first) out += ',';
      first = false;
      if (!arr) out += JSON.stringify(k) + ':';
      if (!walk(item)) return false;
    }
    out += arr ? ']' : '}';
    return true;
  };
  return walk(value) ? out : out.slice(0, max) + '…';
}

/** A logged message; small ones keep the message itself and are stringified only when read. */
export interface TrafficRecord extends Omit<TrafficEntry, 'text'> {
  text?: string;
  msg?: unknown;
}

export function trafficEntry(dir: 'in' | 'out', msg: JSONRPCMessage, at: number, max = 600): TrafficRecord {
  const m = msg as { id?: string | number; method?: string; error?: unknown; result?: unknown };
  const kind: TrafficEntry['kind'] = m.method !== undefined ? (m.id !== undefined ? 'request' : 'notification') : m.error !== undefined ? 'error' : 'response';
  // Keeping a reference is cheaper than stringifying on the hot path (bench: calls ratio), and
  // safe for memory only when the message is small: big ones are cut to text right away.
  const entry: TrafficRecord = surelySmall(msg, max) ? { at, dir, kind, msg } : { at, dir, kind, text: boundedJson(msg, max) };
  if (m.method !== undefined) entry.method = m.method;
  if (m.id !== undefined) entry.id = m.id;
  return entry;
}

export function materialize(r: TrafficRecord, max = 600): TrafficEntry {
  const { msg, text, ...rest } = r;
  return { ...rest, text: text ?? boundedJson(msg, max) };
}
