// A small least-recently-used cache: a Map kept in use order (a hit moves its entry to the end),
// dropping the oldest entry once it holds `capacity` entries.

export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError(`An LRU cache holds at least one entry (asked for ${capacity})`);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  /** The cached value, or `make()`'s, remembered. */
  getOrSet(key: K, make: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined || this.entries.has(key)) return hit as V;
    const value = make();
    this.set(key, value);
    return value;
  }
}
