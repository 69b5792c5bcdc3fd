// A lab's work saved under an earlier sim-core version. Its key names the version it was
// recorded on (local-save.ts workKey), and this version does not replay it by itself: the
// same commands may end elsewhere now. Without more, a bump of SIM_CORE_VERSION would hide
// every learner's files and commands. So the lab page looks for the same lab and seed under
// other versions when this one has no record, and offers the newest: Load moves it to this
// version's key (the files exactly, the log to replay) and Start fresh removes it. Either
// way every other version's record of the lab goes, so the question is asked once.
import { removeStored } from '@/app/_lib/browser-storage';
import { loadWork, restoreFiles, type ListedStorage, type SavedWork, type WorkStorage } from './local-save';
import { sameWork, type SaveOutcome, type WorkTab } from './other-tab';

/** Work of this lab and seed saved under another sim-core version, which this one does not replay by itself. */
export interface OlderWork {
  key: string;
  version: string;
  work: SavedWork;
  /** every other version's record of this lab and seed (this one's included): what Load and Start fresh remove */
  keys: string[];
}

/** Every key in storage; none when it cannot be listed (storage disabled). */
function storedKeys(storage: ListedStorage): string[] {
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k !== null) keys.push(k);
    }
    return keys;
  } catch {
    return [];
  }
}

/** Whether version `a` comes after `b`: major.minor.patch compared as numbers; any other shape comes before them all. */
export function laterVersion(a: string, b: string): boolean {
  const parts = (v: string) => (/^\d+\.\d+\.\d+$/.test(v) ? v.split('.').map(Number) : undefined);
  const pa = parts(a);
  const pb = parts(b);
  if (pa === undefined || pb === undefined) return pa !== undefined || (pb === undefined && a > b);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i]! > pb[i]!;
  return false;
}

/**
 * The newest valid record of this lab and seed under a sim-core version other than
 * `current`, with the keys of all of them; undefined when there is none.
 */
export function findOlderWork(storage: ListedStorage, labId: string, current: string, seed: number): OlderWork | undefined {
  const prefix = `reconcile:lab:${labId}:`;
  const suffix = `:${seed}`;
  const others = storedKeys(storage)
    .filter((k) => k.startsWith(prefix) && k.endsWith(suffix) && k.length > prefix.length + suffix.length)
    .map((key) => ({ key, version: key.slice(prefix.length, -suffix.length) }))
    .filter((o) => !o.version.includes(':') && o.version !== current)
    .sort((a, b) => (laterVersion(a.version, b.version) ? -1 : laterVersion(b.version, a.version) ? 1 : 0));
  const keys = others.map((o) => o.key);
  for (const o of others) {
    const work = loadWork(storage, o.key);
    if (work !== undefined) return { key: o.key, version: o.version, work, keys };
  }
  return undefined;
}

/** Start fresh (or after Load): the older versions' records go; false when the browser refused to remove one. */
export function forgetOlderWork(storage: WorkStorage, older: OlderWork): boolean {
  return older.keys.map((k) => removeStored(storage, k)).every(Boolean);
}

/**
 * Load: the earlier work becomes this version's record, saved by this tab over whatever is
 * there (another tab's save of this version then asks, as any other tab's save does), with
 * the more hints of the two; then the older records go. Refused by the browser: nothing is
 * removed, and the offer stands.
 */
export function moveOlderWork(storage: WorkStorage, tab: WorkTab, older: OlderWork, hintsShown: number): SaveOutcome {
  const outcome = tab.keep({ ...older.work, hints: Math.max(older.work.hints, hintsShown) });
  if (outcome.kind === 'saved') forgetOlderWork(storage, older);
  return outcome;
}

/**
 * Whether a save of `work` waits for the learner's choice: earlier work is offered, this
 * version has no record yet (`stored` is null), and `work` is the starter's (hints aside).
 * A visit that changes nothing then leaves nothing under this version's key, and the next
 * visit offers the earlier work again; work of the learner's own is saved as usual.
 */
export function waitsForChoice(offered: boolean, stored: string | null | undefined, work: SavedWork, starter: readonly { path: string; content: string }[]): boolean {
  return offered && stored === null && isStarterWork(work, starter);
}

/** Whether `work` is the starter's: the lab's files as it gives them and no actions (hints are no work to lose). */
export function isStarterWork(work: Pick<SavedWork, 'files' | 'log'>, starter: readonly { path: string; content: string }[]): boolean {
  return sameWork({ ...work, hints: 0 }, { files: restoreFiles(starter, undefined), log: [], hints: 0 });
}
