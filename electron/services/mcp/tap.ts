// CONN-10: the traffic tap, as a transport that wraps the real one. The SDK client talks to the
// tap; the tap records every message both ways and hands it on. Nothing of the inner
// transport is patched: its callbacks are set once, here, before it starts.
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface TapHooks {
  /** Every message, as it passes (`out`: to the server). */
  message(dir: 'in' | 'out', msg: JSONRPCMessage): void;
  /** The transport reported an error (it may go on). */
  error?(err: Error): void;
  /** The transport closed, whoever asked. */
  closed?(): void;
}

export class TapTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: unknown) => void;

  constructor(
    readonly inner: Transport,
    private readonly hooks: TapHooks,
  ) {
    inner.onmessage = (msg, extra) => {
      hooks.message('in', msg);
      (this.onmessage as ((m: JSONRPCMessage, e?: unknown) => void) | undefined)?.(msg, extra);
    };
    inner.onerror = (err) => {
      hooks.error?.(err);
      this.onerror?.(err);
    };
    inner.onclose = () => {
      hooks.closed?.();
      this.onclose?.();
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.hooks.message('out', message);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }
}
