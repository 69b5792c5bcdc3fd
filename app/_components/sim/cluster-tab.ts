// One lesson open in several tabs: their clusters share one saved record (one localStorage
// key, saved-cluster.ts), and without care the last tab to save wins — a stale tab's Step
// saves its older cluster over the newer one another tab saved, and a reload brings back
// the older one with nobody told. So a tab saves only over the record it last saved or
// loaded (or one with the same log: a tab opened on it, a reload of one). When another tab
// has saved a different cluster since, this tab stops saving, says so, and offers to load
// that cluster (a reload, which replays it). A tab that has stopped never saves by itself
// again, so two tabs cannot take turns overwriting each other; as a lab's tabs do
// (../lab/other-tab.ts), minus the lab's "keep mine": a lesson's cluster is a scratchpad,
// and loading the newer one or Reset is all a learner needs.
import type { ActionLog } from '@/sim-core/cluster/actions';
import { canonicalJson } from '@/sim-core/kernel/canonical';
import type { WorkStorage } from '@/app/_lib/browser-storage';
import { parseStoredCluster, readClusterText, saveCluster, type SaveRefusal } from './saved-cluster';

/** What a tab makes of the record stored now, against the log it last saved or loaded. */
export type StoredClusterJudgement =
  /** this tab's own save */
  | { kind: 'mine' }
  /** nothing, or nothing to replay: saving over it loses nothing */
  | { kind: 'none' }
  /** another tab's save of the same log */
  | { kind: 'same' }
  /** another tab's save of another cluster */
  | { kind: 'other' };

/** The same actions in the same order, whatever order their fields were read in. */
export function sameLog(a: ActionLog, b: ActionLog): boolean {
  return a.length === b.length && canonicalJson(a) === canonicalJson(b);
}

export function judgeStoredCluster(text: string | null | undefined, fingerprint: string, tab: string, reference: ActionLog): StoredClusterJudgement {
  const stored = parseStoredCluster(text, fingerprint);
  if (stored === undefined) return { kind: 'none' };
  if (stored.stamp?.tab === tab) return { kind: 'mine' };
  return sameLog(stored.log, reference) ? { kind: 'same' } : { kind: 'other' };
}

export type ClusterSaveOutcome =
  /** saved (an empty log: the record removed) */
  | { kind: 'saved' }
  /** past a limit of what is kept, or the browser refused (quota, disabled storage) */
  | { kind: 'refused'; refused: SaveRefusal }
  /** not saved: another tab has saved another cluster since this tab's last save */
  | { kind: 'otherTab' };

export type ClusterStorageChange =
  /** nothing this tab needs to know */
  | { kind: 'unchanged' }
  /** another tab saved this tab's cluster again; `resumed`: this tab had stopped saving, and saves on (its cluster, which may have moved on since) */
  | { kind: 'same'; resumed: boolean }
  /** the record is gone (another tab's Reset, storage cleared): this tab should save its cluster again */
  | { kind: 'gone' }
  /** another tab saved another cluster: this tab saves nothing more */
  | { kind: 'otherTab' };

/**
 * One tab's side of a lesson cluster's shared record. `storage` is localStorage (a
 * Map-backed one in tests, where two of these on one storage are two tabs, and a call of
 * storageChanged is a storage event).
 */
export class ClusterTab {
  private seq = 0;
  /** the record's text as this tab last wrote, loaded or took it as its own (null: none); a save goes ahead only over this */
  private expected: string | null;
  /** the log in that record: another tab's save is judged the same or another cluster against it */
  private reference: ActionLog;
  /** another tab has saved another cluster since this tab's last save: this tab saves nothing */
  private stopped = false;

  /** `loaded`: the record's text when the page read it, and the log the tab started with (empty: a fresh cluster) */
  constructor(
    private readonly storage: WorkStorage,
    private readonly key: string,
    private readonly fingerprint: string,
    readonly tab: string,
    loaded: { text: string | null; log: ActionLog },
  ) {
    this.expected = loaded.text;
    this.reference = loaded.log;
  }

  /** Whether this tab has stopped saving because another tab saved another cluster. */
  get otherTab(): boolean {
    return this.stopped;
  }

  /** Save `log` (an empty one: a fresh cluster, the record removed), unless another tab has saved another cluster since this tab's last save. */
  save(log: ActionLog): ClusterSaveOutcome {
    if (this.stopped) return { kind: 'otherTab' };
    const now = readClusterText(this.storage, this.key);
    if (now !== undefined && now !== this.expected && this.judge(now).kind === 'other') {
      this.stopped = true;
      return { kind: 'otherTab' };
    }
    const result = saveCluster(this.storage, this.key, this.fingerprint, log, { tab: this.tab, seq: this.seq + 1 });
    if (!result.ok) return { kind: 'refused', refused: result.refused };
    if (result.text !== null) this.seq += 1;
    this.expected = result.text;
    this.reference = log;
    return { kind: 'saved' };
  }

  /**
   * Reset: this tab's cluster starts fresh, and its record is forgotten — unless it is
   * another tab's other cluster, which this tab's Reset does not throw away (and, once
   * it has seen one, this tab saves nothing more, as `save` would).
   */
  forget(): ClusterSaveOutcome {
    return this.save([]);
  }

  /** Judge the record stored now (after a storage event from another tab). */
  storageChanged(): ClusterStorageChange {
    const now = readClusterText(this.storage, this.key);
    // an event for a save this tab has already saved over is old news
    if (now === undefined || now === this.expected) return { kind: 'unchanged' };
    const judged = this.judge(now);
    switch (judged.kind) {
      case 'mine':
        this.expected = now;
        return { kind: 'unchanged' };
      case 'none':
        // nothing left to load or to lose: this tab's cluster goes back in
        this.expected = now;
        this.stopped = false;
        return { kind: 'gone' };
      case 'same': {
        const resumed = this.stopped;
        this.expected = now;
        this.stopped = false;
        return { kind: 'same', resumed };
      }
      case 'other':
        this.stopped = true;
        return { kind: 'otherTab' };
    }
  }

  private judge(text: string | null): StoredClusterJudgement {
    return judgeStoredCluster(text, this.fingerprint, this.tab, this.reference);
  }
}
