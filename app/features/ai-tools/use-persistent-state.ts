import { useCallback, useSyncExternalStore } from "react";

/**
 * State kept in localStorage under `key`, which is the source of truth: the
 * server (and hydration) render `initial`, the browser then shows the stored
 * value, validated with `schema` so a stale or edited value cannot break the
 * page. Other tabs' changes show up too. `initial` must be a stable value
 * (a module constant). When storage is blocked the state lives in memory.
 */
/** Any schema with zod's safeParse (zod or zod/mini). */
export type StoredSchema<T> = { safeParse(data: unknown): { success: true; data: T } | { success: false } };

const listeners = new Map<string, Set<() => void>>();
const memory = new Map<string, string | null>();
const parsedCache = new Map<string, { raw: string | null; value: unknown }>();

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function writeRaw(key: string, raw: string) {
  try {
    window.localStorage.setItem(key, raw);
  } catch {
    memory.set(key, raw);
  }
  for (const listener of listeners.get(key) ?? []) listener();
}

function subscribe(key: string, listener: () => void) {
  const set = listeners.get(key) ?? new Set();
  set.add(listener);
  listeners.set(key, set);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    set.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function readValue<T>(key: string, schema: StoredSchema<T>, initial: T): T {
  const raw = readRaw(key);
  const cached = parsedCache.get(key);
  if (cached && cached.raw === raw) return cached.value as T;
  let value = initial;
  if (raw !== null) {
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      if (parsed.success) value = parsed.data;
    } catch {
      // Corrupt value: start fresh.
    }
  }
  parsedCache.set(key, { raw, value });
  return value;
}

export function usePersistentState<T>(key: string, schema: StoredSchema<T>, initial: T) {
  const value = useSyncExternalStore(
    useCallback((listener: () => void) => subscribe(key, listener), [key]),
    () => readValue(key, schema, initial),
    () => initial,
  );
  const setValue = useCallback(
    (next: T | ((current: T) => T)) => {
      const current = readValue(key, schema, initial);
      const updated = typeof next === "function" ? (next as (current: T) => T)(current) : next;
      writeRaw(key, JSON.stringify(updated));
    },
    [key, schema, initial],
  );
  return [value, setValue] as const;
}
