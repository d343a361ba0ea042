// REG-1 search as you type over the cached catalogues. The first search may refresh them
// (`auto`: only when stale); every keystroke after it reads the cache only (`never`), after a
// short pause, and waits for a refresh in flight, so it never searches a catalogue about to
// change (the refresh button asks for one: `always`). Answers can come back out of order: the newest query's answer is kept, an older one
// arriving late is dropped (newestOnly), and the last answer stays on screen while a newer
// query is in flight.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RegistryHit } from '../../../../shared/contract';
import type { RpcError } from '../../../../shared/errors';
import type { MethodOutput } from '../../../../shared/rpc';
import type { AppContract } from '../../../../shared/contract';
import { useApp } from '../../store-context';

export type SourceState = MethodOutput<AppContract, 'registry.search'>['sources'][number];

/** Typing pauses this long before a search goes out: one call per burst of keys, not per key. */
export const SEARCH_PAUSE_MS = 120;

/** Numbers each request; accepts an answer only when it is newer than the one shown. */
export function newestOnly(): { next(): number; accept(n: number): boolean } {
  let issued = 0;
  let shown = 0;
  return {
    next: () => ++issued,
    accept(n) {
      if (n <= shown) return false;
      shown = n;
      return true;
    },
  };
}

export interface SearchState {
  /** The query the results answer (not always the one in the box: a newer one may be in flight). */
  answered: string | null;
  results: RegistryHit[];
  /** The registries as the last refresh left them (their time, their error). */
  sources: SourceState[];
  error: RpcError | null;
  /** A refresh (the first search's, or the button's) is in flight. */
  refreshing: boolean;
  refresh(): void;
}

export function useRegistrySearch(query: string): SearchState {
  const bridge = useApp((s) => s.editorBridge);
  const order = useRef(newestOnly());
  const ready = useRef<Promise<void>>(Promise.resolve());
  const [answered, setAnswered] = useState<string | null>(null);
  const [results, setResults] = useState<RegistryHit[]>([]);
  const [sources, setSources] = useState<SourceState[]>([]);
  const [error, setError] = useState<RpcError | null>(null);
  const [refreshing, setRefreshing] = useState(0);
  const queryRef = useRef(query);
  queryRef.current = query;

  const run = useCallback(
    async (q: string, refresh: 'auto' | 'always' | 'never') => {
      const n = order.current.next();
      const refreshes = refresh !== 'never';
      if (refreshes) setRefreshing((k) => k + 1);
      const r = await bridge.call('registry.search', { query: q, refresh, limit: 100 });
      if (refreshes) setRefreshing((k) => k - 1);
      // A refresh's sources say how each registry stands, whichever query's answer is shown.
      if (r.ok && refresh !== 'never') setSources(r.value.sources);
      if (!order.current.accept(n)) return;
      setAnswered(q);
      setResults(r.ok ? r.value.results : []);
      setError(r.ok ? null : r.error);
    },
    [bridge],
  );

  const refresh = useCallback(() => {
    const q = queryRef.current;
    ready.current = ready.current.then(() => run(q, 'always'));
  }, [run]);

  // The first search may fill or refresh the cache; the query typed meanwhile follows it.
  useEffect(() => {
    ready.current = run(queryRef.current, 'auto');
  }, [run]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Keystrokes wait for a refresh in flight, not for each other (newestOnly orders their answers).
    const timer = setTimeout(() => void ready.current.then(() => run(query, 'never')), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query, run]);

  return { answered, results, sources, error, refreshing: refreshing > 0, refresh };
}
