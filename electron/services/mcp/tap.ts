// CONN-10: the traffic tap, as a transport that wraps the real one. The SDK client talks to the
// tap; the tap records every message both ways and hands it on. Nothing of the inner
// transport is patched: its callbacks are set once, here, before it starts.
import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/client';

export interface TapHooks {
  /** Every message, as it passes (`out`: to the server); `line`: its JSON when the transport has it. */
  message(dir: 'in' | 'out', msg: JSONRPCMessage, line?: string): void;
  /** The transport reported an error (it may go on). */
  error?(err: Error): void;
  /** The transport closed, whoever asked. */
  closed?(): void;
  /** May replace an incoming message before the SDK parses it (depth-guard.ts); recorded as sent. */
  inbound?(msg: JSONRPCMessage): JSONRPCMessage;
}

/**
 * A transport that has the JSON text of the message it is delivering or has just written (stdio:
 * the line), so the log need not measure or stringify the message again. Taking it clears it: a
 * big message is not held past its turn.
 */
export interface LineTransport {
  takeLine(): string | undefined;
}

export class TapTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(
    readonly inner: Transport,
    private readonly hooks: TapHooks,
  ) {
    const lines = inner as Partial<LineTransport>;
    inner.onmessage = (msg, extra) => {
      hooks.message('in', msg, lines.takeLine?.());
      this.onmessage?.(hooks.inbound ? hooks.inbound(msg) : msg, extra);
    };
    inner.onerror = (err) => {
      hooks.error?.(err);
      this.onerror?.(err);
    };
    inner.onclose = () => {
      hooks.closed?.();
      this.onclose?.();
    };
    // The SDK tells a stdio transport by its shape (`stderr` and `pid`): a silent era probe on
    // stdio means a legacy server, on HTTP an outage (PROTO-1). The tap keeps that shape.
    if ('stderr' in inner && 'pid' in inner) {
      Object.defineProperty(this, 'stderr', { get: () => (inner as { stderr: unknown }).stderr });
      Object.defineProperty(this, 'pid', { get: () => (inner as { pid: unknown }).pid });
    }
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  /** Modern-era cancellation closes the request's own stream where the transport has one. */
  get hasPerRequestStream(): boolean | undefined {
    return this.inner.hasPerRequestStream;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    // Logged once the transport has written it (synchronously, before any answer can arrive),
    // so a line transport's line is this message's.
    const sent = this.inner.send(message, options);
    this.hooks.message('out', message, (this.inner as Partial<LineTransport>).takeLine?.());
    return sent;
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.inner.setSupportedProtocolVersions?.(versions);
  }
}
