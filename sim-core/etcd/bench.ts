// The etcd put benchmark (issue 3, Benchmark): a 3-member cluster, one client keeping a
// window of 100-byte puts in flight through the simulated network, counting puts that
// were committed by Raft and applied by the member that answered. sim-core reads no
// clock and no memory (DESIGN.md §2), so the caller passes both in.
import { createSimulation } from '../cluster';

export interface BenchPutsOptions {
  /** wall-clock milliseconds (the bench script passes performance.now) */
  clockMs: () => number;
  /** heap in use, in MiB (the bench script passes process.memoryUsage); read after 100,000 puts, so the run lasts until then */
  heapMb?: () => number;
  /** puts kept in flight; default 4,096 */
  window?: number;
  seed?: number;
}

export interface BenchPutsResult {
  putsPerSec: number;
  puts: number;
  seconds: number;
  /** simulated ticks the run took */
  ticks: number;
  heapMbAfter100k?: number;
}

const VALUE = 'v'.repeat(100);

export function benchPuts(seconds: number, options: BenchPutsOptions): BenchPutsResult {
  const sim = createSimulation({ topology: 'etcd-only', seed: options.seed ?? 1, traceCapacity: 0 });
  const window = options.window ?? 4096;
  const leader = sim.leader()!.address;
  const client = sim.etcd;
  const answers = client.process.answers;
  let inFlight = 0;
  let sent = 0;
  let done = 0;
  let heapMbAfter100k: number | undefined;
  const startTick = sim.now;
  const start = options.clockMs();
  let elapsed = 0;
  // run at least `seconds`, and on until 100,000 puts when the heap is to be read (at most a minute)
  const wantHeap = options.heapMb !== undefined;
  while (elapsed < seconds * 1000 || (wantHeap && heapMbAfter100k === undefined && elapsed < 60_000)) {
    while (inFlight < window) {
      client.send({ op: 'put', req: { key: `key-${sent % 100_000}`, value: VALUE } }, leader);
      sent++;
      inFlight++;
    }
    sim.kernel.step();
    for (const r of answers.values()) {
      if (!r.ok) throw new Error(`benchPuts: a put failed: ${r.error.message}`);
      done++;
      inFlight--;
    }
    answers.clear();
    if (heapMbAfter100k === undefined && done >= 100_000 && options.heapMb) heapMbAfter100k = options.heapMb();
    elapsed = options.clockMs() - start;
  }
  const result: BenchPutsResult = { putsPerSec: Math.round(done / (elapsed / 1000)), puts: done, seconds: elapsed / 1000, ticks: sim.now - startTick };
  if (heapMbAfter100k !== undefined) result.heapMbAfter100k = heapMbAfter100k;
  return result;
}
