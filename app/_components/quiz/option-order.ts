// The order in which a choice question (single, multiple, predict) shows its options.
// Authors tend to write the right answer first; shown as written, "pick the first one"
// would pass most of a quiz. So options are shuffled, by a seed per question: the same
// order for every learner and every render (the server builds the view, the browser only
// shows it, so there is nothing to mismatch at hydration), which also lets a learner and
// an instructor talk about "the third option". Grading, feedback and the dashboard go by
// option id, never by position.
import { seededRandom, seededShuffle } from './ordering-state';

export interface OrderableOption {
  id: string;
  /** the author pinned this option to its written position (e.g. "none of the above" last) */
  fixed?: boolean | undefined;
}

/** The option ids in display order: pinned options at their written index, the others shuffled into the free places. */
export function optionOrder(options: readonly OrderableOption[], seed: string): string[] {
  const loose = seededShuffle(
    options.filter((o) => !o.fixed).map((o) => o.id),
    seededRandom(`options:${seed}`),
  );
  return options.map((o) => (o.fixed ? o.id : (loose.shift() as string)));
}
