// Small figures the dashboard shows: ratios that know "no data" from 0 %, and the median of
// a histogram (what a groupBy over a value returns).

/** part / whole, or null when there is nothing to divide (shown as "—", never as 0 %). */
export function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/**
 * The median of values given as { value, count } buckets. With an even total it is the
 * mean of the two middle values, as in a spreadsheet's MEDIAN. null when empty.
 */
export function medianOfHistogram(buckets: readonly { value: number; count: number }[]): number | null {
  const sorted = buckets.filter((b) => b.count > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((n, b) => n + b.count, 0);
  if (total === 0) return null;
  const valueAt = (rank: number): number => {
    let seen = 0;
    for (const b of sorted) {
      seen += b.count;
      if (rank < seen) return b.value;
    }
    return sorted[sorted.length - 1]!.value;
  };
  const mid = Math.floor(total / 2);
  return total % 2 === 1 ? valueAt(mid) : (valueAt(mid - 1) + valueAt(mid)) / 2;
}
