// The simulation's Web Worker, minus the worker: the typed protocol between the page and
// the worker, and the host that owns a Simulation and records the action log. The lab
// workspace reuses SimHost; replayActionLog redoes a log on a fresh host as the saved-work
// replay does (the server grades with sim-core/grading's grade(), through the same runner).
export * from './protocol';
export { SimHost, replayActionLog, faultCommandLine, type CreateHostResult } from './sim-host';
export { WorkerSession, type FrameTimer } from './session';
export { prettyJson, MAX_VALUE_CHARS, MAX_MESSAGES } from './describe';
