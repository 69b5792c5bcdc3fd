// Pure state helpers for the ordering and classify questions (tested in ordering-state.test.ts).

/** Moves the item at `index` by `delta` places (−1 up, +1 down); out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length || delta === 0) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** FNV-1a: a small stable hash so the same question is shuffled the same way for everyone. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Numbers in [0, 1) from a seeded LCG: the same seed gives the same sequence on server and browser. */
export function seededRandom(seed: string): () => number {
  let state = hash(seed) || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Fisher–Yates over a copy of `list`, driven by `next` (a seededRandom). */
export function seededShuffle<T>(list: readonly T[], next: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * A deterministic shuffle (Fisher–Yates driven by a seeded LCG) that never returns the
 * original order for two or more ids: the listed order is the answer of an ordering question.
 * Deterministic so that server and browser render the same list (no hydration mismatch).
 */
export function shuffledOrder(ids: readonly string[], seed: string): string[] {
  const out = seededShuffle(ids, seededRandom(seed));
  if (out.length > 1 && out.every((id, i) => id === ids[i])) out.push(out.shift() as string);
  return out;
}

/** Classify: the items still without a bucket, in display order. */
export function unplacedItems(itemIds: readonly string[], placements: Readonly<Record<string, string>>): string[] {
  return itemIds.filter((id) => !placements[id]);
}

/** Classify: put an item in a bucket, or take it out with an empty bucket id. */
export function placeItem(placements: Readonly<Record<string, string>>, itemId: string, bucketId: string): Record<string, string> {
  const next = { ...placements };
  if (bucketId) next[itemId] = bucketId;
  else delete next[itemId];
  return next;
}
