'use client';
// The page's side of the simulation worker: starts it, validates every message it sends
// (the protocol's zod schemas), and turns them into React state at most once per
// animation frame. Parts of the view that did not change keep their identity, so memo'd
// panels skip re-rendering: the main thread only draws, the worker simulates.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { commandInput, type ActionLog } from '@/sim-core/cluster/actions';
import { applyCommandLine, parseWorkerMessage, type CommandResult, type EditorOpen, type HostLab, type HostScenario, type LabLimit, type ManifestProblem, type PageMessage, type WorkerMessage } from '@/app/_lib/sim-worker/protocol';
import { initialSimState, simReducer, type SimState } from './sim-state';

export type { SimState, TerminalEntry } from './sim-state';

export interface SimWorker {
  state: SimState;
  send: (message: PageMessage) => void;
  /** run a terminal line; `stdin` is what a here-document gave it, `heredoc` the operator it was typed with (both logged with it) */
  runCommand: (line: string, stdin?: string, heredoc?: string) => void;
  /** show a line (and the here-document lines after it) the learner cancelled with Ctrl+C: nothing is sent */
  interrupt: (line: string, lines: string[]) => void;
  /** Ctrl+C at an empty prompt: the watch left running in the terminal (`kubectl get -w`) stops (a logged action) */
  stopWatch: () => void;
  /** The worker's action log now (undefined when the worker is gone before it answers). */
  requestActionLog: () => Promise<ActionLog | undefined>;
  /**
   * A lab's Apply, one request: write `files`, then run `kubectl apply -f <path>` — or
   * none of it, when grading's caps have no room. Resolves to whether the files were
   * written and, if not, the cap that refused them (undefined when the worker is gone or
   * refused the request before it answered).
   */
  applyFiles: (files: readonly WorkspaceFile[], path: string) => Promise<ApplyAnswer | undefined>;
  /**
   * What the API server would refuse of a workspace file's `text` if Apply wrote it to the
   * cluster as it is now (the lab editor's Problems list); undefined when the worker has no
   * cluster to judge it on (not started, unsupported, gone) — the editor judges it alone.
   */
  checkManifest: (path: string, text: string) => Promise<ManifestProblem[] | undefined>;
  /**
   * What `kubectl edit …` would open in its editor now, read without a request, an action or
   * a tick (no `editor` when it stops before its editor opens: run the line, it says why),
   * with the clock paused first and whether it played; undefined when the worker cannot say
   */
  openEditor: (line: string) => Promise<EditorAnswer | undefined>;
  /** runCommand, answered with the command's result once the terminal shows it (undefined: refused, or the worker is gone) */
  runCommandForResult: (line: string, stdin?: string) => Promise<CommandResult | undefined>;
}

export type ApplyAnswer = { written: true } | { written: false; refused: LabLimit | undefined };

/** The worker's answer to openEditor: the file (if the editor opens) and whether the clock played until the request paused it. */
export interface EditorAnswer {
  editor: EditorOpen | undefined;
  playing: boolean;
}

export interface WorkspaceFile {
  path: string;
  content: string;
}

/** How the worker starts: a lab's files and goals (absent: a lesson's cluster), and saved work to replay first. */
export interface SimStart {
  lab?: HostLab;
  replay?: ActionLog;
  /** ticks a second to play at until the learner picks another speed (the scenario's `speed`) */
  speed?: number;
}

export function useSimWorker(scenario: HostScenario, start?: SimStart): SimWorker {
  const [state, update] = useReducer(simReducer, initialSimState);
  const workerRef = useRef<Worker | undefined>(undefined);
  const requestId = useRef(0);
  const pendingLogs = useRef(new Map<number, (log: ActionLog | undefined) => void>());
  const pendingApplies = useRef(new Map<number, (answer: ApplyAnswer | undefined) => void>());
  const pendingChecks = useRef(new Map<number, (problems: ManifestProblem[] | undefined) => void>());
  const pendingEditors = useRef(new Map<number, (answer: EditorAnswer | undefined) => void>());
  const pendingResults = useRef(new Map<number, (result: CommandResult | undefined) => void>());
  // the worker starts once per scenario: a later change of the saved work must not restart it
  const scenarioKey = JSON.stringify(scenario);
  const startRef = useRef(start);

  useEffect(() => {
    const scenarioNow = JSON.parse(scenarioKey) as HostScenario;
    const start = startRef.current;
    const pending = pendingLogs.current;
    const applies = pendingApplies.current;
    const checks = pendingChecks.current;
    const editors = pendingEditors.current;
    const results = pendingResults.current;
    const worker = new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: `sim ${scenarioNow.id}` });
    workerRef.current = worker;
    let queued: WorkerMessage[] = [];
    let frame: number | undefined;
    const flush = () => {
      frame = undefined;
      const messages = queued;
      queued = [];
      update({ type: 'messages', messages });
      // Apply's answer reaches its caller in the same frame as the terminal shows it
      for (const m of messages) {
        if (m.type === 'applied') {
          applies.get(m.requestId)?.(m.written ? { written: true } : { written: false, refused: m.result.refused });
          applies.delete(m.requestId);
        } else if (m.type === 'commandResult' && m.requestId !== undefined) {
          results.get(m.requestId)?.(m.result);
          results.delete(m.requestId);
        } else if (m.type === 'error' && m.requestId !== undefined) {
          // a request the worker refused is not answered otherwise
          applies.get(m.requestId)?.(undefined);
          applies.delete(m.requestId);
          results.get(m.requestId)?.(undefined);
          results.delete(m.requestId);
        }
      }
    };
    worker.onmessage = (e: MessageEvent<unknown>) => {
      const parsed = parseWorkerMessage(e.data);
      if (!parsed.ok) {
        // A malformed answer to one of the page's own requests (a log, an editor check) is
        // that request unanswered, as if the worker had refused it; the cluster runs on.
        // Anything else malformed means the worker cannot be trusted: the simulation fails.
        const answered = answerOf(e.data);
        if (answered?.type === 'actionLog' && pending.has(answered.requestId)) {
          pending.get(answered.requestId)?.(undefined);
          pending.delete(answered.requestId);
          return;
        }
        if (answered?.type === 'manifestProblems' && checks.has(answered.requestId)) {
          checks.get(answered.requestId)?.(undefined);
          checks.delete(answered.requestId);
          return;
        }
        if (answered?.type === 'editorFile' && editors.has(answered.requestId)) {
          editors.get(answered.requestId)?.(undefined);
          editors.delete(answered.requestId);
          return;
        }
        update({ type: 'failed', error: parsed.error });
        return;
      }
      const message = parsed.message;
      if (message.type === 'actionLog') {
        pending.get(message.requestId)?.(message.log);
        pending.delete(message.requestId);
        return;
      }
      if (message.type === 'manifestProblems') {
        // the editor's own request: nothing the page draws changes with its answer
        checks.get(message.requestId)?.(message.problems);
        checks.delete(message.requestId);
        return;
      }
      if (message.type === 'editorFile') {
        editors.get(message.requestId)?.({ editor: message.editor, playing: message.playing });
        editors.delete(message.requestId);
        return;
      }
      if (message.type === 'error' && message.request === 'getActionLog' && message.requestId !== undefined) {
        // a refused log request is answered with nothing, as when the worker is gone
        pending.get(message.requestId)?.(undefined);
        pending.delete(message.requestId);
      }
      if (message.type === 'error' && message.request === 'checkManifest' && message.requestId !== undefined) {
        checks.get(message.requestId)?.(undefined);
        checks.delete(message.requestId);
        return;
      }
      if (message.type === 'error' && message.request === 'openEditor' && message.requestId !== undefined) {
        editors.get(message.requestId)?.(undefined);
        editors.delete(message.requestId);
        return;
      }
      queued.push(message);
      frame ??= requestAnimationFrame(flush);
    };
    worker.onerror = (e: ErrorEvent) => {
      update({ type: 'failed', error: e.message || 'the simulation worker failed to start' });
      for (const resolve of applies.values()) resolve(undefined);
      applies.clear();
      for (const resolve of checks.values()) resolve(undefined);
      checks.clear();
      for (const resolve of editors.values()) resolve(undefined);
      editors.clear();
      for (const resolve of results.values()) resolve(undefined);
      results.clear();
    };
    const init: PageMessage = {
      type: 'init',
      scenario: scenarioNow,
      ...(start?.lab !== undefined ? { lab: start.lab } : {}),
      ...(start?.replay !== undefined && start.replay.length > 0 ? { replay: start.replay } : {}),
      ...(start?.speed !== undefined ? { speed: start.speed } : {}),
    };
    worker.postMessage(init);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      worker.terminate();
      workerRef.current = undefined;
      for (const resolve of pending.values()) resolve(undefined);
      pending.clear();
      for (const resolve of applies.values()) resolve(undefined);
      applies.clear();
      for (const resolve of checks.values()) resolve(undefined);
      checks.clear();
      for (const resolve of editors.values()) resolve(undefined);
      editors.clear();
      for (const resolve of results.values()) resolve(undefined);
      results.clear();
    };
  }, [scenarioKey]);

  const send = useCallback((message: PageMessage) => {
    workerRef.current?.postMessage(message);
  }, []);

  const runCommand = useCallback(
    (line: string, stdin?: string, heredoc?: string) => {
      requestId.current += 1;
      const input = commandInput({ stdin, heredoc });
      update({ type: 'busy', line, ...input });
      send({ type: 'runCommand', requestId: requestId.current, line, ...input });
    },
    [send],
  );

  const interrupt = useCallback((line: string, lines: string[]) => update({ type: 'interrupted', line, lines }), []);

  const stopWatch = useCallback(() => send({ type: 'interrupt' }), [send]);

  const applyFiles = useCallback(
    (files: readonly WorkspaceFile[], path: string) =>
      new Promise<ApplyAnswer | undefined>((resolve) => {
        if (workerRef.current === undefined) return resolve(undefined);
        requestId.current += 1;
        pendingApplies.current.set(requestId.current, resolve);
        update({ type: 'busy', line: applyCommandLine(path) });
        send({ type: 'apply', requestId: requestId.current, files: files.map((f) => ({ path: f.path, content: f.content })), path });
      }),
    [send],
  );

  const requestActionLog = useCallback(
    () =>
      new Promise<ActionLog | undefined>((resolve) => {
        if (workerRef.current === undefined) return resolve(undefined);
        requestId.current += 1;
        pendingLogs.current.set(requestId.current, resolve);
        send({ type: 'getActionLog', requestId: requestId.current });
      }),
    [send],
  );

  const checkManifest = useCallback(
    (path: string, text: string) =>
      new Promise<ManifestProblem[] | undefined>((resolve) => {
        if (workerRef.current === undefined) return resolve(undefined);
        requestId.current += 1;
        pendingChecks.current.set(requestId.current, resolve);
        send({ type: 'checkManifest', requestId: requestId.current, path, text });
      }),
    [send],
  );

  const openEditor = useCallback(
    (line: string) =>
      new Promise<EditorAnswer | undefined>((resolve) => {
        if (workerRef.current === undefined) return resolve(undefined);
        requestId.current += 1;
        pendingEditors.current.set(requestId.current, resolve);
        send({ type: 'openEditor', requestId: requestId.current, line });
      }),
    [send],
  );

  const runCommandForResult = useCallback(
    (line: string, stdin?: string) =>
      new Promise<CommandResult | undefined>((resolve) => {
        if (workerRef.current === undefined) return resolve(undefined);
        requestId.current += 1;
        pendingResults.current.set(requestId.current, resolve);
        const input = commandInput({ stdin });
        update({ type: 'busy', line, ...input });
        send({ type: 'runCommand', requestId: requestId.current, line, ...input });
      }),
    [send],
  );

  return { state, send, runCommand, interrupt, stopWatch, requestActionLog, applyFiles, checkManifest, openEditor, runCommandForResult };
}

/** The type and request id of a worker message that failed its schema, when it has them. */
function answerOf(data: unknown): { type: unknown; requestId: number } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, requestId } = data as { type?: unknown; requestId?: unknown };
  return typeof requestId === 'number' ? { type, requestId } : undefined;
}
