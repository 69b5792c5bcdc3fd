// One lab open in several tabs: they share its saved work (one localStorage key, see
// local-save.ts), and without care the last tab to save wins and the others' work is lost
// without anyone knowing. So a tab saves only over the record it last saved or took as
// its own. When another tab has saved different work since, this tab saves nothing more
// and the learner chooses: load that work here, or keep this tab's (saved at once, over
// the other's, which then asks the same question). A tab that is asking never saves by
// itself, so two tabs cannot take turns overwriting each other. The rules are a lesson
// cluster's tabs' too (../sim/cluster-tab.ts), in one place (app/_lib/tab-save.ts).
import type { ActionLog } from '@/sim-core/cluster/actions';
import { judgeRecord, TabSave, type SharedRecord, type TabSaveOutcome } from '@/app/_lib/tab-save';
import { clusterFiles, parseStoredWork, restoreFiles, sameAction, sameLog, saveWork, type SavedWork, type StoredWork, type WorkStorage } from './local-save';

/** What a tab makes of the record stored now, against the work it last saved or loaded. */
export type StoredJudgement =
  /** this tab's own save */
  | { kind: 'mine' }
  /** nothing, or nothing valid: saving over it loses nothing */
  | { kind: 'none' }
  /** another tab's save of the same files and log (a tab opened on this work, a reload of one); `hints`: the more revealed of the two */
  | { kind: 'same'; hints: number }
  /** another tab's save of other work */
  | { kind: 'other'; work: SavedWork };

function sameFiles(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((p) => b[p] === a[p]);
}

/** The same files and the same log (hints aside: revealing one is no work to lose). */
export function sameWork(a: SavedWork, b: SavedWork): boolean {
  return sameFiles(a.files, b.files) && sameLog(a.log, b.log);
}

/** A lab's work as its tabs' shared record keeps it (local-save.ts). */
const workRecord: SharedRecord<SavedWork, 'refused'> = {
  read: (text) => {
    const stored = parseStoredWork(text);
    return stored && { value: stored.work, stamp: stored.stamp };
  },
  write: (storage, key, work, stamp) => {
    const text = saveWork(storage, key, work, stamp);
    return text === undefined ? { ok: false, refused: 'refused' } : { ok: true, text };
  },
  same: sameWork,
  // hints revealed in either tab count in both
  join: (mine, theirs) => ({ ...mine, hints: Math.max(mine.hints, theirs.hints) }),
};

export function judgeStored(stored: StoredWork | undefined, tab: string, reference: SavedWork): StoredJudgement {
  const judged = judgeRecord(workRecord, stored && { value: stored.work, stamp: stored.stamp }, tab, reference);
  switch (judged.kind) {
    case 'same':
      return { kind: 'same', hints: judged.value.hints };
    case 'other':
      return { kind: 'other', work: judged.value };
    default:
      return judged;
  }
}

/** What loading the other tab's work would throw away of this tab's. */
export interface Discarded {
  /** this tab's actions the other's log does not have (after the point where the two logs part) */
  actions: number;
  /** the files with edits in this tab's editor, not applied yet, that the other tab's text replaces */
  edits: string[];
}

/**
 * What this tab's work (`mine`, as it is now) loses if `theirs` is loaded in its place:
 * what it ran that the other log does not have, and its edits not applied yet (an applied
 * one is in the log). Time that runs on in the other tab is no loss: a last tick here that
 * the other log's tick at the same place covers counts as kept.
 */
export function discardedByLoading(starter: readonly { path: string; content: string }[], mine: SavedWork, theirs: SavedWork): Discarded {
  const log: ActionLog = mine.log;
  let kept = 0;
  while (kept < log.length && kept < theirs.log.length && sameAction(log[kept]!, theirs.log[kept]!)) kept++;
  const last = log[kept];
  const there = theirs.log[kept];
  if (kept === log.length - 1 && last?.type === 'tick' && there?.type === 'tick' && last.ticks <= there.ticks && last.at === there.at) kept++;
  const applied = clusterFiles(starter, log);
  const loaded = restoreFiles(starter, theirs);
  return { actions: log.length - kept, edits: Object.keys(mine.files).filter((p) => mine.files[p] !== applied[p] && mine.files[p] !== loaded[p]) };
}

export type SaveOutcome =
  /** saved; `hints`: what was saved of them (another tab's same work may have revealed more) */
  | { kind: 'saved'; hints: number }
  /** the browser refused (quota, disabled storage) */
  | { kind: 'refused' }
  /** not saved: another tab saved other work (`theirs`), and the learner has not chosen yet */
  | { kind: 'otherTab'; theirs: SavedWork };

export type StorageOutcome =
  /** nothing this tab needs to know */
  | { kind: 'unchanged' }
  /** another tab saved this tab's work again; `hints`: revealed there and here */
  | { kind: 'same'; hints: number }
  /** the record is gone (storage cleared): this tab should save its work again */
  | { kind: 'gone' }
  /** another tab saved other work: this tab saves nothing until the learner chooses */
  | { kind: 'otherTab'; theirs: SavedWork };

/**
 * One tab's side of a lab's shared record. `storage` is localStorage (a Map-backed one in
 * tests, where two of these on one storage are two tabs, and a call of storageChanged is a
 * storage event).
 */
export class WorkTab {
  private readonly shared: TabSave<SavedWork, 'refused'>;

  /** `loaded`: the record's text when the page read it, and the work the tab started with (the starter's when there was none) */
  constructor(storage: WorkStorage, key: string, tab: string, loaded: { text: string | null; work: SavedWork }) {
    this.shared = new TabSave(storage, key, workRecord, tab, { text: loaded.text, value: loaded.work });
  }

  /** The other tab's work this tab is asking about, if it is. */
  get otherTab(): SavedWork | undefined {
    return this.shared.otherTab;
  }

  /** Save `work`, unless another tab has saved other work since this tab's last save. */
  save(work: SavedWork): SaveOutcome {
    return workOutcome(this.shared.save(work));
  }

  /** The learner keeps this tab's work: saved now, over whatever another tab saved. */
  keep(work: SavedWork): SaveOutcome {
    return workOutcome(this.shared.keep(work));
  }

  /** Judge the record stored now (after a storage event from another tab). */
  storageChanged(): StorageOutcome {
    const changed = this.shared.storageChanged();
    return changed.kind === 'same' ? { kind: 'same', hints: changed.value.hints } : changed;
  }
}

function workOutcome(outcome: TabSaveOutcome<SavedWork, 'refused'>): SaveOutcome {
  switch (outcome.kind) {
    case 'saved':
      return { kind: 'saved', hints: outcome.value.hints };
    case 'refused':
      return { kind: 'refused' };
    case 'otherTab':
      return outcome;
  }
}
