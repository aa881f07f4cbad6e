/**
 * An in-memory stand-in for localStorage in the store tests: every method the stores use
 * (getItem, setItem, removeItem, key, length), with the saved strings open to the test as `data`.
 */
export interface MemoryStorage extends Pick<
  Storage,
  'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'
> {
  /** What is saved, by key. */
  data: Record<string, string>;
}

/** A fresh in-memory storage holding a copy of `initial`. */
export function memoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const data: Record<string, string> = { ...initial };
  return {
    data,
    getItem: (k) => (k in data ? data[k]! : null),
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
    key: (i) => Object.keys(data)[i] ?? null,
    get length() {
      return Object.keys(data).length;
    },
  };
}
