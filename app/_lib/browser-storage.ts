// What the browser keeps for a learner between visits (localStorage): a lab's work in
// progress (app/_components/lab/local-save.ts) and a lesson's live cluster
// (app/_components/sim/saved-cluster.ts). Storage can be disabled (a private window, a
// policy) or full, and what is read back may be broken or forged: every read is validated
// and every failure is a value, never a throw — the page works on, unsaved.
import type { z } from 'zod';

/** The parts of localStorage this needs (tests pass a Map-backed one). */
export interface WorkStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Storage whose keys can be listed, as localStorage's can: a lab finds its work, and a lesson its cluster, saved under another sim-core version by key. */
export interface ListedStorage extends WorkStorage {
  readonly length: number;
  key(index: number): string | null;
}

/** The browser's localStorage, or undefined where reading it throws (storage disabled). */
export function browserStorage(): ListedStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The text stored at `key`: null when there is none, undefined when storage cannot be read. */
export function readStoredText(storage: WorkStorage, key: string): string | null | undefined {
  try {
    return storage.getItem(key);
  } catch {
    return undefined; // storage disabled (a private window, a policy): start fresh
  }
}

/** The JSON stored at `key` if `schema` accepts it; undefined when there is none, storage is disabled, or it is not valid. */
export function readStored<T>(storage: WorkStorage, key: string, schema: z.ZodType<T>): T | undefined {
  const raw = readStoredText(storage, key);
  return raw === undefined ? undefined : parseStored(raw, schema);
}

/** Stored text (from getItem or a storage event) as `schema` reads it; undefined when there is none or it is not valid. */
export function parseStored<T>(raw: string | null, schema: z.ZodType<T>): T | undefined {
  if (raw === null) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** Store `value` as JSON; false when the browser refused (quota, disabled storage). */
export function writeStored(storage: WorkStorage, key: string, value: unknown): boolean {
  return writeStoredText(storage, key, JSON.stringify(value));
}

/** Store JSON text already made (a caller that weighs it first); false when the browser refused. */
export function writeStoredText(storage: WorkStorage, key: string, text: string): boolean {
  try {
    storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** Forget what is stored at `key`; false when the browser refused. */
export function removeStored(storage: WorkStorage, key: string): boolean {
  try {
    storage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}
