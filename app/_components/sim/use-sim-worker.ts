'use client';
// The page's side of the simulation worker: starts it, validates every message it sends
// (the protocol's zod schemas), and turns them into React state at most once per
// animation frame. Parts of the view that did not change keep their identity, so memo'd
// panels skip re-rendering: the main thread only draws, the worker simulates.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { parseWorkerMessage, type HostScenario, type PageMessage, type WorkerMessage } from '@/app/_lib/sim-worker/protocol';
import { initialSimState, simReducer, type SimState } from './sim-state';

export type { SimState, TerminalEntry } from './sim-state';

export interface SimWorker {
  state: SimState;
  send: (message: PageMessage) => void;
  runCommand: (line: string) => void;
}

export function useSimWorker(scenario: HostScenario): SimWorker {
  const [state, update] = useReducer(simReducer, initialSimState);
  const workerRef = useRef<Worker | undefined>(undefined);
  const requestId = useRef(0);
  const scenarioKey = JSON.stringify(scenario);

  useEffect(() => {
    const scenarioNow = JSON.parse(scenarioKey) as HostScenario;
    const worker = new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: `sim ${scenarioNow.id}` });
    workerRef.current = worker;
    let queued: WorkerMessage[] = [];
    let frame: number | undefined;
    const flush = () => {
      frame = undefined;
      const messages = queued;
      queued = [];
      update({ type: 'messages', messages });
    };
    worker.onmessage = (e: MessageEvent<unknown>) => {
      const parsed = parseWorkerMessage(e.data);
      if (!parsed.ok) {
        update({ type: 'failed', error: parsed.error });
        return;
      }
      queued.push(parsed.message);
      frame ??= requestAnimationFrame(flush);
    };
    worker.onerror = (e: ErrorEvent) => {
      update({ type: 'failed', error: e.message || 'the simulation worker failed to start' });
    };
    worker.postMessage({ type: 'init', scenario: scenarioNow } satisfies PageMessage);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      worker.terminate();
      workerRef.current = undefined;
    };
  }, [scenarioKey]);

  const send = useCallback((message: PageMessage) => {
    workerRef.current?.postMessage(message);
  }, []);

  const runCommand = useCallback(
    (line: string) => {
      requestId.current += 1;
      update({ type: 'busy' });
      send({ type: 'runCommand', requestId: requestId.current, line });
    },
    [send],
  );

  return { state, send, runCommand };
}
