// A label selector read once and matched against many label sets: what
// metav1.LabelSelectorAsSelector hands a controller, which then calls Matches on every
// Pod of a sync (replica_set.go's syncReplicaSet converts rs.Spec.Selector once, and
// ClaimPods matches each Pod with it). selectorMatches reads the selector's maps again on
// every call; a matcher reads matchLabels once and answers exactly as selectorMatches does.
//
// Matchers are shared by content: the same selector text gives the same matcher, so a
// matcher's identity can key a memo of its answers (podFacts.ts) across syncs, although
// every status write hands the controller a new copy of its ReplicaSet and its selector.
import { selectorMatches, type LabelSelector } from '../apiserver';

export type Labels = Readonly<Record<string, string>>;

export type LabelMatcher = (labels: Labels | undefined) => boolean;

const NO_LABELS: Labels = Object.freeze({});
const selectsNothing: LabelMatcher = () => false;

/** selector text → its matcher; cleared when it grows past MAX_SHARED (a run has a handful of selectors) */
const shared = new Map<string, LabelMatcher>();
const MAX_SHARED = 256;

export function labelMatcher(selector: LabelSelector | undefined): LabelMatcher {
  // a missing selector selects nothing (an empty one, everything)
  if (selector === undefined) return selectsNothing;
  const text = JSON.stringify(selector);
  let matcher = shared.get(text);
  if (matcher === undefined) {
    if (shared.size >= MAX_SHARED) shared.clear();
    // built from the text, not the object: a caller that changes its selector later cannot change the matcher
    matcher = compile(JSON.parse(text) as LabelSelector);
    shared.set(text, matcher);
  }
  return matcher;
}

function compile(selector: LabelSelector): LabelMatcher {
  const matchLabels = selector.matchLabels ?? {};
  const keys = Object.keys(matchLabels);
  const values = keys.map((k) => matchLabels[k]);
  const expressions = selector.matchExpressions ?? [];
  // the expressions keep selectorMatches' own reading (In, NotIn, Exists, DoesNotExist)
  const rest: LabelSelector | undefined = expressions.length === 0 ? undefined : { matchExpressions: expressions };
  return (labels) => {
    const set = labels ?? NO_LABELS;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string;
      if (!Object.hasOwn(set, k) || set[k] !== values[i]) return false;
    }
    return rest === undefined || selectorMatches(rest, set);
  };
}
