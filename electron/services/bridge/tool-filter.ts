// CTX-2 for an agent with no per-tool filter field of its own (Claude Code, Cursor, VS Code…):
// the bridge line carries the panel's filter (`--hide-tools a,b`), and the bridge applies it on
// the agent's side of the proxy, whatever the server and whichever era carries it: a hidden tool
// is left out of every tools/list answer (every page) and a call to it is refused without
// reaching the server. Wrapping the agent's transport rather than the forwarding keeps both the
// plain proxy and the 2026-07-28 gateway (gateway.ts serves the agent through this same
// transport) under the one filter.
import type { JsonRpcMessage as JSONRPCMessage, McpTransport as Transport } from '../mcp';

/** JSON-RPC "invalid params": the tool is not one the agent was offered. */
export const HIDDEN_TOOL = -32602;

type Id = string | number;
const requestOf = (m: JSONRPCMessage): { id: Id; method: string; params?: unknown } | null =>
  'method' in m && 'id' in m ? (m as { id: Id; method: string; params?: unknown }) : null;

const HIDE = '--hide-tools';

/** The `--hide-tools` value: names separated by commas (MCP tool names hold none). */
export function hiddenTools(value: string | undefined): Set<string> {
  return new Set((value ?? '').split(',').map((s) => s.trim()).filter(Boolean));
}

/** The tools a bridge line's arguments hide. */
export function hiddenIn(args: readonly string[]): Set<string> {
  const at = args.indexOf(HIDE);
  return hiddenTools(at >= 0 ? args[at + 1] : undefined);
}

/** A bridge line's arguments hiding exactly `hidden` (none: the option goes), everything else as it was. */
export function withHiddenTools(args: readonly string[], hidden: readonly string[]): string[] {
  const at = args.indexOf(HIDE);
  const rest = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : [...args];
  return hidden.length ? [...rest, HIDE, hidden.join(',')] : rest;
}

/**
 * `local` with `hidden` taken out of what the agent sees and may call. `refusal` words the error
 * a call to a hidden tool gets (the agent's model reads it).
 */
export function filteredAgentSide(local: Transport, hidden: ReadonlySet<string>, refusal: (tool: string) => string): Transport {
  if (hidden.size === 0) return local;
  // The agent's tools/list requests awaiting their answer: only those answers are filtered (a
  // server's own request to the agent may reuse the same id; it carries a method, never a result).
  const lists = new Set<Id>();
  let deliver: ((m: JSONRPCMessage) => void) | undefined;
  local.onmessage = (m) => {
    const req = requestOf(m);
    if (req?.method === 'tools/list') lists.add(req.id);
    const name = req?.method === 'tools/call' ? (req.params as { name?: unknown } | undefined)?.name : undefined;
    if (req && typeof name === 'string' && hidden.has(name)) {
      void local.send({ jsonrpc: '2.0', id: req.id, error: { code: HIDDEN_TOOL, message: refusal(name) } }).catch(() => undefined);
      return;
    }
    deliver?.(m);
  };
  const outbound = (m: JSONRPCMessage): JSONRPCMessage => {
    if (!('result' in m) || !lists.delete(m.id as Id)) return m;
    const result = m.result as { tools?: unknown };
    if (!Array.isArray(result.tools)) return m;
    return { ...m, result: { ...result, tools: result.tools.filter((t: { name?: unknown }) => !(typeof t?.name === 'string' && hidden.has(t.name))) } };
  };
  return {
    start: () => local.start(),
    close: () => local.close(),
    send: (m, opts) => {
      // An error answer to a listing ends it too.
      if ('error' in m) lists.delete(m.id as Id);
      return local.send(outbound(m), opts);
    },
    set onmessage(f: ((m: JSONRPCMessage) => void) | undefined) {
      deliver = f;
    },
    get onmessage() {
      return deliver;
    },
    set onclose(f: (() => void) | undefined) {
      local.onclose = f;
    },
    get onclose() {
      return local.onclose;
    },
    set onerror(f: ((e: Error) => void) | undefined) {
      local.onerror = f;
    },
    get onerror() {
      return local.onerror;
    },
    setProtocolVersion: (v: string) => local.setProtocolVersion?.(v),
  } as Transport;
}
