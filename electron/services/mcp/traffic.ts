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

/**
 * A logged message. Over stdio it is the line the transport read or wrote (a string the message
 * had anyway); over HTTP a small message is kept as it came and described only when read. A big
 * one is cut to text at once, so the log never holds a big message (SEC-4).
 */
export type TrafficRecord = { at: number; dir: 'in' | 'out'; msg: JSONRPCMessage } | TrafficEntry;

function entry(at: number, dir: 'in' | 'out', msg: JSONRPCMessage, text: string): TrafficEntry {
  const m = msg as { id?: string | number; method?: string; error?: unknown };
  const kind: TrafficEntry['kind'] = m.method !== undefined ? (m.id !== undefined ? 'request' : 'notification') : m.error !== undefined ? 'error' : 'response';
  const e = { at, dir, kind } as TrafficEntry;
  if (m.method !== undefined) e.method = m.method;
  if (m.id !== undefined) e.id = m.id;
  e.text = text;
  return e;
}

/**
 * `line`: the message's JSON as the transport read or wrote it, when it has it (stdio), so the
 * call path neither walks nor stringifies the message; otherwise a walk that builds nothing
 * tells a small message from a big one.
 */
export function trafficRecord(dir: 'in' | 'out', msg: JSONRPCMessage, at: number, line?: string, max = 600): TrafficRecord {
  if (line !== undefined) return entry(at, dir, msg, line.length <= max ? line : boundedJson(msg, max));
  return surelySmall(msg, max) ? { at, dir, msg } : entry(at, dir, msg, boundedJson(msg, max));
}

export function materialize(r: TrafficRecord, max = 600): TrafficEntry {
  return 'msg' in r ? entry(r.at, r.dir, r.msg, boundedJson(r.msg, max)) : r;
}
