// The Problems list's verdicts of the API server, per workspace file. The simulation's
// worker judges a file against the live cluster (an object it holds is judged as Apply's
// update of it), so a verdict arrives later than the text it judged, and the text or the
// cluster may have moved on meanwhile. Each file keeps its latest question (the text, and
// the cluster's log version it was asked at) and the last verdict it accepted: an answer
// counts only when it answers the latest question and the file still has that text, so an
// answer for an older text, or for the cluster as it was before an action, never replaces
// a newer one. Until the new verdict arrives the last one stays: the list never blinks
// empty while the learner types.
import type { EditorProblem } from './manifest-problems';

interface FileVerdict {
  question: { id: number; text: string; cluster: number | undefined } | undefined;
  problems: EditorProblem[];
}

export class ServerVerdicts {
  private readonly files = new Map<string, FileVerdict>();
  private asked = 0;

  /**
   * A question about `path` with `text`, the cluster at log version `cluster`: its id, or
   * undefined when the latest question already asked exactly that (nothing to ask again).
   */
  ask(path: string, text: string, cluster: number | undefined): number | undefined {
    const file = this.files.get(path) ?? { question: undefined, problems: [] };
    const last = file.question;
    if (last !== undefined && last.text === text && last.cluster === cluster) return undefined;
    this.asked += 1;
    this.files.set(path, { ...file, question: { id: this.asked, text, cluster } });
    return this.asked;
  }

  /**
   * The answer to question `id` about `path`, whose text is `textNow`: kept (true) when it
   * answers the file's latest question and the file still has the text it was asked with;
   * dropped (false) otherwise — a newer question is on its way.
   */
  answer(path: string, id: number, problems: EditorProblem[], textNow: string): boolean {
    const file = this.files.get(path);
    if (file?.question === undefined || file.question.id !== id) return false;
    if (file.question.text !== textNow) {
      // The text moved on after the latest question: its answer is dropped, and so is the
      // question, or typing back to that text (a character, then Backspace) would find it
      // "already asked" and never ask again, leaving another text's verdict up.
      file.question = undefined;
      return false;
    }
    file.problems = problems;
    return true;
  }

  /** A file with nothing to judge (Apply's decoder refuses it): no verdict, and any question about it is void. Whether it had problems. */
  clear(path: string): boolean {
    const had = (this.files.get(path)?.problems.length ?? 0) > 0;
    this.files.delete(path);
    return had;
  }

  /** The last verdict accepted for `path` (until a newer one is). */
  problems(path: string): EditorProblem[] {
    return this.files.get(path)?.problems ?? [];
  }
}
