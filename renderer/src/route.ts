// The page's deep link (issue 43 item 5): `#/discover/<name>` opens that registry entry's
// detail in Discover, `#/discover` the search. The section lives in the store (ui-slice); the
// hash only mirrors Discover, so a link to an entry can be copied and opened again. Other
// sections leave no hash, as before. The session key's fragment (`#k=…`) is taken and dropped
// by the bridge before this runs (bridge/web-transport.ts).
import type { AppStore } from './stores/app-store';

const PREFIX = '#/discover';

/** The Discover entry a hash names: null when it is not a Discover link, '' for the search itself. */
export function discoverOfHash(hash: string): string | null {
  if (hash !== PREFIX && !hash.startsWith(`${PREFIX}/`)) return null;
  const raw = hash.slice(PREFIX.length + 1);
  try {
    return decodeURIComponent(raw);
  } catch {
    // A hand-typed link with a stray "%": the search, not a crash.
    return '';
  }
}

/** The hash for Discover on an entry (its name kept readable: `/` and `.` stay as they are). */
export function hashOfDiscover(entry: string | null): string {
  return entry ? `${PREFIX}/${encodeURIComponent(entry).replace(/%2F/gi, '/').replace(/%40/g, '@')}` : PREFIX;
}

type RouteWindow = Pick<Window, 'location' | 'history' | 'addEventListener' | 'removeEventListener'>;

/** Opens what the hash names now and on each hashchange; keeps the hash in step with Discover. Returns a disposer. */
export function followHash(store: AppStore, win: RouteWindow): () => void {
  const apply = () => {
    const entry = discoverOfHash(win.location.hash);
    if (entry !== null) store.getState().openDiscover(entry || null);
  };
  apply();
  const bare = () => win.location.pathname + win.location.search;
  const off = store.subscribe((s, prev) => {
    if (s.section === prev.section && s.discoverEntry === prev.discoverEntry) return;
    const want = s.section === 'discover' ? hashOfDiscover(s.discoverEntry) : '';
    const now = win.location.hash.startsWith(PREFIX) ? win.location.hash : '';
    // replaceState fires no hashchange: no loop back into apply.
    if (want !== now && (want || now)) win.history.replaceState(win.history.state, '', want ? bare() + want : bare());
  });
  win.addEventListener('hashchange', apply);
  return () => {
    off();
    win.removeEventListener('hashchange', apply);
  };
}
