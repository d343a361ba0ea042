// One inspector request per view part (issue 14 item 4): asked when the part mounts or its input
// changes, answered into local state (nothing the host owns is cached in the store).
import { useCallback, useEffect, useState } from 'react';
import type { AppContract } from '../../../../shared/contract';
import type { RpcError } from '../../../../shared/errors';
import type { MethodInput, MethodOutput } from '../../../../shared/rpc';
import { useApp } from '../../store-context';
import type { InspectMethod } from './types';

export interface Asked<T> {
  data: T | null;
  error: RpcError | null;
  loading: boolean;
  reload(): void;
}

/** `input` null: not asked (yet). The key is the input's JSON, so a new object each render is fine. */
export function useInspect<M extends InspectMethod>(method: M, input: MethodInput<AppContract, M> | null): Asked<MethodOutput<AppContract, M>> {
  const inspect = useApp((s) => s.inspect);
  const key = input === null ? null : JSON.stringify(input);
  const [state, setState] = useState<{ data: MethodOutput<AppContract, M> | null; error: RpcError | null; loading: boolean }>({ data: null, error: null, loading: key !== null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    void inspect(method, JSON.parse(key) as MethodInput<AppContract, M>).then((r) => {
      if (live) setState(r.ok ? { data: r.value, error: null, loading: false } : { data: null, error: r.error, loading: false });
    });
    return () => {
      live = false;
    };
  }, [inspect, method, key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}

type Paged = 'inspect.resources' | 'inspect.templates' | 'inspect.prompts';
type Meta = 'nextCursor' | 'cached';
type ItemsOf<M extends Paged> = MethodOutput<AppContract, M> extends infer O ? O[Exclude<keyof O, Meta>] : never;

export interface PagedList<T> {
  items: T[];
  /** More pages on the server (its nextCursor). */
  hasMore: boolean;
  error: RpcError | null;
  loading: boolean;
  /** PROTO-2: the list came from the panel's cache (the server's `ttlMs`); null when the server answered now. */
  cached: { at: number; expiresAt: number } | null;
  more(): void;
  reload(): void;
}

/** A paginated list (MCP cursors): the first page on mount, the next on `more()`, appended. */
export function usePaged<M extends Paged>(method: M, id: string, field: Exclude<keyof MethodOutput<AppContract, M>, Meta>, refreshed = 0): PagedList<ItemsOf<M> extends (infer I)[] ? I : never> {
  type Item = ItemsOf<M> extends (infer I)[] ? I : never;
  const inspect = useApp((s) => s.inspect);
  const [state, setState] = useState<{ items: Item[]; next: string | null; error: RpcError | null; loading: boolean; cached: PagedList<Item>['cached'] }>({ items: [], next: null, error: null, loading: true, cached: null });
  const [round, setRound] = useState(0);
  const load = useCallback(
    async (cursor: string | null, live: () => boolean) => {
      setState((s) => ({ ...s, loading: true }));
      const r = await inspect(method, (cursor === null ? { id } : { id, cursor }) as MethodInput<AppContract, M>);
      if (!live()) return;
      if (!r.ok) return setState((s) => ({ ...s, error: r.error, loading: false }));
      const page = r.value as Record<string, unknown> & { nextCursor: string | null; cached?: { at: number; expiresAt: number } };
      setState((s) => ({ items: [...(cursor === null ? [] : s.items), ...(page[field as string] as Item[])], next: page.nextCursor, error: null, loading: false, cached: cursor === null ? (page.cached ?? null) : s.cached }));
    },
    [inspect, method, id, field],
  );
  useEffect(() => {
    let live = true;
    void load(null, () => live);
    return () => {
      live = false;
    };
  }, [load, round, refreshed]);
  return {
    items: state.items,
    hasMore: state.next !== null,
    error: state.error,
    loading: state.loading,
    cached: state.cached,
    more: () => void load(state.next, () => true),
    reload: () => setRound((n) => n + 1),
  };
}
