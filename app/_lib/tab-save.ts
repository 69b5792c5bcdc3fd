// One record in the browser's storage that every open tab of a page saves to: a lab's work
// (app/_components/lab/other-tab.ts) and a lesson's cluster (app/_components/sim/cluster-tab.ts).
// Without care the last tab to save wins, and what the others saved is lost with nobody
// told. So each save is stamped with the tab that made it, and a tab saves only over the
// record it last saved or loaded — or over another tab's save of the same thing (a tab
// opened on it, a reload of one), or over nothing worth keeping. Once another tab has saved
// something else, this tab saves nothing by itself until the other's is gone or saved as
// this tab's again, or the learner keeps this tab's over it (the lab's choice; loading the
// other's is a reload): two tabs cannot take turns overwriting each other. What is saved,
// how it is written and read back, and what counts as the same is the page's (SharedRecord).
import { readStoredText, type WorkStorage } from './browser-storage';

/** Who saved a record: a tab's id (a random one per page load) and its count of saves, this one included. */
export interface SaveStamp {
  tab: string;
  seq: number;
}

/** A record read back: what was saved, and who saved it (no stamp on a record from before tabs were told apart). */
export interface Stamped<T> {
  value: T;
  stamp?: SaveStamp;
}

/** What one page keeps in the record its tabs share, and how. */
export interface SharedRecord<T, Refusal> {
  /** a record's text (from getItem or a storage event) read back; undefined when there is none or nothing a save over it would lose */
  read(text: string | null): Stamped<T> | undefined;
  /** store `value`, stamped: the text written (null: the key removed, there being nothing to keep), or why not */
  write(storage: WorkStorage, key: string, value: T, stamp: SaveStamp): { ok: true; text: string | null } | { ok: false; refused: Refusal };
  /** the same thing saved: another tab's save of it is no conflict */
  same(a: T, b: T): boolean;
  /** `mine` with what another tab's save of the same thing adds (the lab: the hints revealed there); `mine` itself when absent */
  join?(mine: T, theirs: T): T;
}

/** What a tab makes of the record stored now, against what it last saved or loaded (`reference`). */
export type RecordJudgement<T> =
  /** this tab's own save */
  | { kind: 'mine' }
  /** nothing, or nothing worth keeping: saving over it loses nothing */
  | { kind: 'none' }
  /** another tab's save of the same thing; `value`: the reference joined with it */
  | { kind: 'same'; value: T }
  /** another tab's save of something else */
  | { kind: 'other'; value: T };

export function judgeRecord<T>(record: SharedRecord<T, unknown>, stored: Stamped<T> | undefined, tab: string, reference: T): RecordJudgement<T> {
  if (stored === undefined) return { kind: 'none' };
  if (stored.stamp?.tab === tab) return { kind: 'mine' };
  if (!record.same(stored.value, reference)) return { kind: 'other', value: stored.value };
  return { kind: 'same', value: record.join ? record.join(reference, stored.value) : reference };
}

export type TabSaveOutcome<T, Refusal> =
  /** saved; `value`: what was (joined with another tab's save of the same thing) */
  | { kind: 'saved'; value: T }
  /** not saved (the last save stands), and why */
  | { kind: 'refused'; refused: Refusal }
  /** not saved: another tab has saved something else (`theirs`) since this tab's last save */
  | { kind: 'otherTab'; theirs: T };

export type TabStorageChange<T> =
  /** nothing this tab needs to know */
  | { kind: 'unchanged' }
  /** another tab saved this tab's again; `value`: this tab's joined with it; `resumed`: this tab had stopped saving, and saves on */
  | { kind: 'same'; value: T; resumed: boolean }
  /** the record is gone, or holds nothing worth keeping (storage cleared, a Reset): this tab should save its own again */
  | { kind: 'gone' }
  /** another tab saved something else: this tab saves nothing by itself */
  | { kind: 'otherTab'; theirs: T };

/**
 * One tab's side of the shared record. `storage` is localStorage (a Map-backed one in
 * tests, where two of these on one storage are two tabs, and a call of storageChanged is
 * a storage event).
 */
export class TabSave<T, Refusal> {
  private seq = 0;
  /** the record's text as this tab last wrote, loaded or took it as its own (null: none); a save goes ahead only over this */
  private expected: string | null;
  /** what is in that record: another tab's save is judged the same or something else against it */
  private reference: T;
  /** another tab's save of something else, since this tab's: while set, this tab saves nothing by itself */
  private theirs: T | undefined;

  /** `loaded`: the record's text when the page read it, and what the tab started with (a fresh one's when there was none) */
  constructor(
    private readonly storage: WorkStorage,
    private readonly key: string,
    private readonly record: SharedRecord<T, Refusal>,
    readonly tab: string,
    loaded: { text: string | null; value: T },
  ) {
    this.expected = loaded.text;
    this.reference = loaded.value;
  }

  /** Another tab's save of something else that stopped this tab's saving, if one has. */
  get otherTab(): T | undefined {
    return this.theirs;
  }

  /** Save `value`, unless another tab has saved something else since this tab's last save. */
  save(value: T): TabSaveOutcome<T, Refusal> {
    if (this.theirs !== undefined) return { kind: 'otherTab', theirs: this.theirs };
    const now = readStoredText(this.storage, this.key);
    if (now !== undefined && now !== this.expected) {
      const judged = this.judge(now);
      if (judged.kind === 'other') {
        this.theirs = judged.value;
        return { kind: 'otherTab', theirs: judged.value };
      }
      if (judged.kind === 'same' && this.record.join) value = this.record.join(value, judged.value);
    }
    return this.write(value);
  }

  /** The learner keeps this tab's: saved now, over whatever another tab saved. */
  keep(value: T): TabSaveOutcome<T, Refusal> {
    this.theirs = undefined;
    return this.write(value);
  }

  /** Judge the record stored now (after a storage event from another tab). */
  storageChanged(): TabStorageChange<T> {
    const now = readStoredText(this.storage, this.key);
    // an event for a save this tab has already saved over is old news
    if (now === undefined || now === this.expected) return { kind: 'unchanged' };
    const judged = this.judge(now);
    switch (judged.kind) {
      case 'mine':
        this.expected = now;
        return { kind: 'unchanged' };
      case 'none':
        // nothing left to load or to lose: this tab's goes back in
        this.expected = now;
        this.theirs = undefined;
        return { kind: 'gone' };
      case 'same': {
        const resumed = this.theirs !== undefined;
        this.expected = now;
        this.theirs = undefined;
        return { kind: 'same', value: judged.value, resumed };
      }
      case 'other':
        this.theirs = judged.value;
        return { kind: 'otherTab', theirs: judged.value };
    }
  }

  private judge(text: string | null): RecordJudgement<T> {
    return judgeRecord(this.record, this.record.read(text), this.tab, this.reference);
  }

  private write(value: T): TabSaveOutcome<T, Refusal> {
    const written = this.record.write(this.storage, this.key, value, { tab: this.tab, seq: this.seq + 1 });
    if (!written.ok) return { kind: 'refused', refused: written.refused };
    if (written.text !== null) this.seq += 1;
    this.expected = written.text;
    this.reference = value;
    return { kind: 'saved', value };
  }
}
