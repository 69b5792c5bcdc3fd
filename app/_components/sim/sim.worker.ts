// The simulation's Web Worker: sim-core runs here, off the main thread, so the page stays
// responsive while the cluster ticks. All logic is in WorkerSession; this file only wires
// it to the worker's message port and a real frame timer.
import { WorkerSession } from '@/app/_lib/sim-worker/session';
import { setCacheMutationDetector } from '@/sim-core/client';

// client-go's cache mutation detector is for tests (sim-core/client/store.ts): off here
setCacheMutationDetector(false);

interface WorkerScope {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
let interval: ReturnType<typeof setInterval> | undefined;

const session = new WorkerSession((message) => scope.postMessage(message), {
  start(onFrame, everyMs) {
    if (interval !== undefined) clearInterval(interval);
    interval = setInterval(onFrame, everyMs);
  },
  stop() {
    if (interval !== undefined) clearInterval(interval);
    interval = undefined;
  },
});

scope.addEventListener('message', (event) => session.receive(event.data));
