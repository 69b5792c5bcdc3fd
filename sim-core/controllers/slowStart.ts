// slowStartBatch (pkg/controller/replicaset/replica_set.go): create in batches of 1, 2,
// 4, … and stop at the first batch with an error, so a quota or admission failure costs
// one failed call instead of 500. Here a batch's answers arrive at a later tick, so the
// next batch starts from the continuation of the last answer of the previous one.
export const SLOW_START_INITIAL_BATCH = 1;

export function slowStartBatch(
  count: number,
  attempt: (done: (ok: boolean) => void) => void,
  finished: (successes: number, skipped: number) => void,
  batchSize = SLOW_START_INITIAL_BATCH,
): void {
  let remaining = count;
  let successes = 0;
  const runBatch = (size: number): void => {
    if (remaining <= 0) return finished(successes, 0);
    const n = Math.min(remaining, size);
    remaining -= n;
    let answered = 0;
    let failed = false;
    for (let i = 0; i < n; i++) {
      attempt((ok) => {
        if (ok) successes++;
        else failed = true;
        if (++answered < n) return;
        if (failed) finished(successes, remaining);
        else runBatch(size * 2);
      });
    }
  };
  runBatch(batchSize);
}
