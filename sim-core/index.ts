// sim-core's public face. Each layer's folder exports its own API through its index.ts.

/**
 * The simulation an action log was recorded on. A log replays to the same state only on
 * the version it was recorded with, so this names the learner's saved work in the browser
 * (a lab's and a lesson cluster's localStorage keys), each graded attempt (LabAttempt's
 * simVersion) and the attempt replay's "then X, now Y" note. Bump it whenever the same log
 * from the same seed can give another state or output: sim-core/version.test.ts fails on
 * a change to the golden transcripts until you do (README, "Bumping sim-core's version").
 * This is the only copy: sim-core/package.json carries no version of its own.
 */
export const SIM_CORE_VERSION = '0.4.1';
