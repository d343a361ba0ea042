// Issue 21 F10 on SDK v2: the client parses a tools/list result with zod, which recurses through
// every tool's schema, so one tool nested thousands of levels deep overflows the stack and fails
// the whole server before the panel sees the list. The guard sits in the transport (the tap), in
// front of the SDK: such tools are taken out of the result there and kept with why, so the
// server connects with its other tools and its error names the ones left out.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { deeperThan, MAX_SCHEMA_DEPTH } from '../../../shared/schemas/depth';

export interface RejectedTool {
  name: string;
  reason: string;
}

type Id = string | number;

export class ToolDepthGuard {
  /** Outstanding tools/list requests: id → whether it asked for the first page. */
  private readonly pending = new Map<Id, boolean>();
  /** The last tools/list answer's rejects; kept, so a list the SDK serves from its cache still says. */
  private rejected: RejectedTool[] = [];

  outgoing(msg: JSONRPCMessage): void {
    if (!('method' in msg) || msg.method !== 'tools/list' || !('id' in msg)) return;
    const params = (msg as { params?: { cursor?: unknown } }).params;
    this.pending.set(msg.id as Id, params?.cursor === undefined);
  }

  incoming(msg: JSONRPCMessage): JSONRPCMessage {
    if (!('id' in msg) || !this.pending.has(msg.id as Id)) return msg;
    const first = this.pending.get(msg.id as Id)!;
    this.pending.delete(msg.id as Id);
    if (!('result' in msg)) return msg;
    const result = msg.result as { tools?: unknown };
    if (!Array.isArray(result.tools)) return msg;
    const kept: unknown[] = [];
    // Every page of one listing adds to the same answer; a first page starts it anew.
    if (first) this.rejected = [];
    const rejected = this.rejected;
    const before = rejected.length;
    for (const t of result.tools as Array<Record<string, unknown>>) {
      if (t && typeof t === 'object' && (deeperThan(t.inputSchema, MAX_SCHEMA_DEPTH) || deeperThan(t.outputSchema, MAX_SCHEMA_DEPTH))) {
        rejected.push({ name: String(t.name), reason: `its schema is nested more than ${MAX_SCHEMA_DEPTH} levels deep (ask the server's authors to flatten it)` });
      } else kept.push(t);
    }
    if (rejected.length === before) return msg;
    return { ...msg, result: { ...result, tools: kept } } as JSONRPCMessage;
  }

  lastRejected(): RejectedTool[] {
    return this.rejected;
  }
}
