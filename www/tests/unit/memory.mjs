// A Storage-like map for unit tests: `room` says what it takes — `all`,
// `old` (only keys it holds already: a full browser) or `none` (every write
// refused).
export function memory(entries = {}, { room = 'all' } = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem(k, v) {
      if (room === 'none' || (room === 'old' && !map.has(k))) throw new Error('QuotaExceededError');
      map.set(k, String(v));
    },
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}
