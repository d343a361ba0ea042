// Bounded logs (CONN-4 stderr tail, CONN-10 traffic): a flood costs CPU, never memory (SEC-4).
export class Ring<T> {
  private items: T[] = [];

  constructor(readonly capacity: number) {}

  push(item: T): void {
    this.items.push(item);
    if (this.items.length > this.capacity * 2) this.items = this.items.slice(-this.capacity);
  }

  toArray(): T[] {
    return this.items.slice(-this.capacity);
  }

  last(): T | undefined {
    return this.items.at(-1);
  }

  clear(): void {
    this.items = [];
  }
}

/** Splits a byte stream into lines kept in a Ring; overlong lines are cut, not buffered. */
export class LineRing {
  private readonly ring: Ring<string>;
  private partial = '';

  constructor(
    capacity: number,
    private readonly maxLine = 2000,
  ) {
    this.ring = new Ring(capacity);
  }

  write(chunk: Buffer | string): void {
    const text = this.partial + (typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    const lines = text.split('\n');
    this.partial = lines.pop() ?? '';
    if (this.partial.length > this.maxLine) {
      this.ring.push(this.partial.slice(0, this.maxLine) + ' …[cut]');
      this.partial = '';
    }
    // Only the tail can survive: skip pushing lines that would be evicted anyway.
    for (const line of lines.slice(-this.ring.capacity)) {
      this.ring.push(line.length > this.maxLine ? line.slice(0, this.maxLine) + ' …[cut]' : line);
    }
  }

  lines(): string[] {
    return this.partial ? [...this.ring.toArray(), this.partial] : this.ring.toArray();
  }
}
