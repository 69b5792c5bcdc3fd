// One lesson open in several tabs: their clusters share one saved record (one localStorage
// key, saved-cluster.ts), and without care the last tab to save wins — a stale tab's Step
// saves its older cluster over the newer one another tab saved, and a reload brings back
// the older one with nobody told. So a tab saves only over the record it last saved or
// loaded (or one with the same log: a tab opened on it, a reload of one). When another tab
// has saved a different cluster since, this tab stops saving, says so, and offers to load
// that cluster (a reload, which replays it). A tab that has stopped never saves by itself
// again, so two tabs cannot take turns overwriting each other. The rules are a lab's tabs'
// too (../lab/other-tab.ts), in one place (app/_lib/tab-save.ts), minus the lab's "keep
// mine": a lesson's cluster is a scratchpad, and loading the newer one or Reset is all a
// learner needs.
import type { ActionLog } from '@/sim-core/cluster/actions';
import { canonicalJson } from '@/sim-core/kernel/canonical';
import type { WorkStorage } from '@/app/_lib/browser-storage';
import { judgeRecord, TabSave, type SharedRecord, type TabSaveOutcome } from '@/app/_lib/tab-save';
import { parseStoredCluster, saveCluster, type SaveRefusal } from './saved-cluster';

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

/** A lesson's cluster as its tabs' shared record keeps it (saved-cluster.ts): the log, on the scenario `fingerprint` names. */
function clusterRecord(fingerprint: string): SharedRecord<ActionLog, SaveRefusal> {
  return {
    read: (text) => {
      const stored = parseStoredCluster(text, fingerprint);
      return stored && { value: stored.log, stamp: stored.stamp };
    },
    write: (storage, key, log, stamp) => saveCluster(storage, key, fingerprint, log, stamp),
    same: sameLog,
  };
}

export function judgeStoredCluster(text: string | null | undefined, fingerprint: string, tab: string, reference: ActionLog): StoredClusterJudgement {
  const record = clusterRecord(fingerprint);
  return { kind: judgeRecord(record, record.read(text ?? null), tab, reference).kind };
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
  private readonly shared: TabSave<ActionLog, SaveRefusal>;

  /** `loaded`: the record's text when the page read it, and the log the tab started with (empty: a fresh cluster) */
  constructor(storage: WorkStorage, key: string, fingerprint: string, tab: string, loaded: { text: string | null; log: ActionLog }) {
    this.shared = new TabSave(storage, key, clusterRecord(fingerprint), tab, { text: loaded.text, value: loaded.log });
  }

  /** Whether this tab has stopped saving because another tab saved another cluster. */
  get otherTab(): boolean {
    return this.shared.otherTab !== undefined;
  }

  /** Save `log` (an empty one: a fresh cluster, the record removed), unless another tab has saved another cluster since this tab's last save. */
  save(log: ActionLog): ClusterSaveOutcome {
    return clusterOutcome(this.shared.save(log));
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
    const changed = this.shared.storageChanged();
    switch (changed.kind) {
      case 'same':
        return { kind: 'same', resumed: changed.resumed };
      case 'otherTab':
        return { kind: 'otherTab' };
      default:
        return changed;
    }
  }
}

function clusterOutcome(outcome: TabSaveOutcome<ActionLog, SaveRefusal>): ClusterSaveOutcome {
  switch (outcome.kind) {
    case 'saved':
      return { kind: 'saved' };
    case 'refused':
      return outcome;
    case 'otherTab':
      return { kind: 'otherTab' };
  }
}
