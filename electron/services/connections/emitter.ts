// A tiny typed emitter: `on` returns its own unsubscribe (Disposables, DESIGN.md); a listener
// that throws never breaks the pool or the other listeners.
export class TypedEmitter<E extends { [K in keyof E]: (...args: never[]) => void }> {
  private listeners = new Map<keyof E, Set<E[keyof E]>>();

  on<K extends keyof E>(event: K, fn: E[K]): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(fn);
    return () => void set.delete(fn);
  }

  emit<K extends keyof E>(event: K, ...args: Parameters<E[K]>): void {
    for (const fn of this.listeners.get(event) ?? []) {
      try {
        (fn as (...a: Parameters<E[K]>) => void)(...args);
      } catch {
        // a broken subscriber must not take the engine down (SEC-4)
      }
    }
  }

  get count(): number {
    let n = 0;
    for (const s of this.listeners.values()) n += s.size;
    return n;
  }

  clear(): void {
    this.listeners.clear();
  }
}
