// Maps keyed by user or game data (deck sections, zones, card ids, card fields) stay plain
// JSON objects so they survive IPC and files, but a key may be named like an Object.prototype
// member ("constructor", "toString", "__proto__"). Read and write such keys through these.

/** The value stored under `key` itself, never one inherited from Object.prototype. */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Stores `value` as an own property, even under "__proto__" (assignment would set the prototype). */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}
