// Web-host transport: `POST /api/<method>` and one WebSocket for events, reopened with backoff
// if the host restarts. SEC-2 (issue 21 F1): the HttpOnly cookie alone opens nothing but the
// page; every call carries the session key in a header and the socket in its subprotocol. The
// key arrives in the first page's URL fragment and is kept in sessionStorage: per origin (so
// per port, unlike cookies, which every 127.0.0.1 port shares), per tab, and it survives a reload
// (and with it the page's cookie, should another port replace it: electron/host/web/resume.ts).
// Nothing here loads zod or the contract: bridge/early.ts starts the page's first calls with this
// transport before the rest of the page's script is evaluated (issue 40 item 3).
import { HTTP_RPC_PREFIX, SESSION_KEY_FRAGMENT, SESSION_KEY_HEADER, SESSION_KEY_ITEM as KEY_ITEM, WS_EVENTS_PATH, WS_KEY_PROTOCOL_PREFIX, WS_PROTOCOL } from '../../../shared/channels';
import type { RpcTransport } from '../../../shared/rpc';

/** What the transport reads of the page's window. */
interface WebWindow {
  location: Pick<Location, 'hash' | 'pathname' | 'search' | 'host' | 'protocol' | 'origin'>;
  history: Pick<History, 'state' | 'replaceState'>;
  sessionStorage?: Storage;
}

/** The empty input the page's first calls send (an answer asked early is only handed to the same question). */
const isEmpty = (input: unknown) => input === undefined || (typeof input === 'object' && input !== null && Object.keys(input).length === 0);

/** The session key: taken from the fragment once (and the fragment dropped), else the tab's stored one. */
function takeSessionKey(win: WebWindow): string | null {
  const m = new RegExp(`^#${SESSION_KEY_FRAGMENT}=([A-Za-z0-9_-]+)$`).exec(win.location.hash);
  let store: Storage | null = null;
  try {
    store = win.sessionStorage ?? null;
  } catch {
    /* storage disabled: the key lives as long as this page */
  }
  if (!m) return store?.getItem(KEY_ITEM) ?? null;
  store?.setItem(KEY_ITEM, m[1]!);
  win.history.replaceState(win.history.state, '', win.location.pathname + win.location.search);
  return m[1]!;
}

/**
 * `first`: methods asked at once with no input, each answer handed to the first `invoke` of the
 * same method with no input (the page asks for them as soon as its script runs; issue 40 item 3).
 */
export function httpTransport(win: WebWindow, first: readonly string[] = []): RpcTransport {
  const key = takeSessionKey(win);
  const loc = win.location;
  const post = async (method: string, input: unknown): Promise<unknown> => {
    const res = await fetch(`${loc.origin}${HTTP_RPC_PREFIX}${encodeURIComponent(method)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', ...(key ? { [SESSION_KEY_HEADER]: key } : {}) },
      body: JSON.stringify(input ?? {}),
    });
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    return res.json();
  };
  const asked = new Map<string, Promise<unknown>>();
  for (const method of first) {
    const answer = post(method, {});
    answer.catch(() => undefined); // said by the invoke that takes it, not as an unhandled rejection
    asked.set(method, answer);
  }
  return {
    invoke(method, input) {
      const answer = isEmpty(input) ? asked.get(method) : undefined;
      if (!answer) return post(method, input);
      asked.delete(method);
      return answer;
    },
    subscribe(listener) {
      let ws: WebSocket | null = null;
      let closed = false;
      let delay = 500;
      let opened = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const open = () => {
        ws = new WebSocket(`${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${WS_EVENTS_PATH}`, key ? [WS_PROTOCOL, WS_KEY_PROTOCOL_PREFIX + key] : [WS_PROTOCOL]);
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
