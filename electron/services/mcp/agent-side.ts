// The bridge's side toward the agent (BRIDGE-1): the agent started us, so we are a stdio MCP
// server on our own stdin/stdout. The SDK's StdioServerTransport does exactly this, but it lives
// in @modelcontextprotocol/server, whose entry loads that package's whole core (~600 KB bundled,
// a second copy of what the client package already brought): a bridge start is what an agent
// waits for, and a legacy upstream needs nothing else of the server package. So this is that
// transport, line for line (same framing, ReadBuffer and serializer, same close rules), on the
// client package the bridge loads anyway; agent-side.test.ts runs both on the same streams.
import { ReadBuffer, serializeMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';

export class AgentStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly buffer = new ReadBuffer();
  private started = false;
  private closed = false;

  constructor(
    private readonly stdin: NodeJS.ReadableStream & { readableEnded?: boolean; destroyed?: boolean } = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
  ) {}

  private readonly onData = (chunk: Buffer): void => {
    try {
      this.buffer.append(chunk);
      this.drain();
    } catch (error) {
      // Over the SDK's message size cap: nothing more is read from this agent.
      this.onerror?.(error as Error);
      this.close().catch(() => undefined);
    }
  };

  private readonly onStdinError = (error: Error): void => this.onerror?.(error);

  private readonly onStdoutError = (error: Error): void => {
    if (this.closed) return; // the agent went away after we closed: nothing to report
    this.onerror?.(error);
    this.close().catch(() => undefined);
  };

  private readonly onStdinClose = (): void => {
    this.close().catch(() => undefined);
  };

  async start(): Promise<void> {
    if (this.started) throw new Error('AgentStdioTransport already started');
    this.started = true;
    if (this.stdin.readableEnded || this.stdin.destroyed) setImmediate(this.onStdinClose);
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStdinError);
    this.stdin.on('end', this.onStdinClose);
    this.stdin.on('close', this.onStdinClose);
    this.stdout.on('error', this.onStdoutError);
  }

  /** Every complete line as one message; a line that is not a JSON-RPC message is reported and skipped. */
  private drain(): void {
    for (;;) {
      try {
        const message = this.buffer.readMessage();
        if (message === null) break;
        this.onmessage?.(message);
      } catch (error) {
        this.onerror?.(error as Error);
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStdinError);
    this.stdin.off('end', this.onStdinClose);
    this.stdin.off('close', this.onStdinClose);
    // onStdoutError stays, silent now: a write that fails after close must not crash the bridge.
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.buffer.clear();
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error('AgentStdioTransport is closed'));
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (error?: Error) => {
        if (settled) return;
        settled = true;
        this.stdout.off('error', onError);
        this.stdout.off('drain', onDrain);
        if (error) reject(error);
        else resolve();
      };
      const onError = (error: Error) => finish(error);
      const onDrain = () => finish();
      this.stdout.once('error', onError);
      if (this.stdout.write(serializeMessage(message))) finish();
      else if (!settled) this.stdout.once('drain', onDrain);
    });
  }
}

export async function agentStdioTransport(): Promise<Transport> {
  return new AgentStdioTransport();
}
