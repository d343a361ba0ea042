// Web-host transport: `POST /api/<method>` (the HttpOnly session cookie authenticates it, SEC-2) and one
// WebSocket for events, reopened with backoff if the host restarts.
import { HTTP_RPC_PREFIX, WS_EVENTS_PATH, type RpcTransport } from '../../../shared/rpc';

export function httpTransport(loc: Pick<Location, 'protocol' | 'host'>): RpcTransport {
  return {
    async invoke(method, input) {
      const res = await fetch(`${HTTP_RPC_PREFIX}${encodeURIComponent(method)}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(input ?? {}),
      });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      return res.json();
    },
    subscribe(listener) {
      let ws: WebSocket | null = null;
      let closed = false;
      let delay = 500;
      let opened = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const open = () => {
        ws = new WebSocket(`${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${WS_EVENTS_PATH}`);
        ws.onopen = () => {
          delay = 500;
          // Events may have been missed before the socket opened (the first list can race the
          // first state change) or while it was down: ask the page to refetch either way.
          listener('servers.changed', { reason: opened ? 'event stream reconnected' : 'event stream connected' });
          opened = true;
        };
        ws.onmessage = (m) => {
          try {
            const { event, payload } = JSON.parse(String(m.data)) as { event: string; payload: unknown };
            listener(event, payload);
          } catch {
            /* not ours */
          }
        };
        ws.onclose = () => {
          if (closed) return;
          timer = setTimeout(open, delay);
          delay = Math.min(delay * 2, 10_000);
        };
      };
      open();
      return () => {
        closed = true;
        clearTimeout(timer);
        ws?.close();
      };
    },
  };
}
