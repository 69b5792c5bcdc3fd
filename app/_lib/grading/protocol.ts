// The messages between the app and a grading worker thread. Plain data (structured
// clone): the lab as the content loader parsed it, the learner's log as received.
import type { GradableLab } from '../../../sim-core/grading/lab';
import type { GradeCaps, RefusalReason } from '../../../sim-core/grading/caps';
import type { Explanation } from '../../../sim-core/grading/goals';
import type { TickBudgetNote } from '../../../sim-core/cli/ports';

/** A lab with what grading needs besides lab.yaml: its starter files. */
export interface JobLab extends GradableLab {
  /** `default` topology: worker nodes (default 3) */
  workers?: number;
  starterFiles: Readonly<Record<string, string>>;
}

export type GradingJob =
  /** the verdict: sim-core's gradeLab, the same function as `npm run grade` */
  | { kind: 'grade'; lab: JobLab; actionLog: unknown; caps?: Partial<GradeCaps> }
  /** the replay page: every action with what the terminal printed */
  | { kind: 'transcript'; lab: JobLab; actionLog: unknown; caps?: Partial<GradeCaps> };

export interface GoalOutcome {
  id: string;
  passed: boolean;
  explanation: Explanation;
}

/**
 * A refused log carries `reason` (the cap it broke, or 'invalid': what the learner is told,
 * in their language) and `error` (the grader's English sentence, for the server's log).
 */
export type GradeOutcome = { ok: true; passed: boolean; goals: GoalOutcome[]; stateHash: string } | { ok: false; reason: RefusalReason; error: string };

export interface TranscriptStep {
  /** 1-based position in the learner's log */
  index: number;
  /** the simulated tick after the action */
  tick: number;
  action:
    | { type: 'command'; line: string; stdin?: string; heredoc?: string }
    | { type: 'writeFile'; path: string; content: string }
    | { type: 'tick'; ticks: number }
    /** Ctrl+C: the running watch stopped */
    | { type: 'interrupt' };
  /** the command typed in the browser's terminal left a watch running (`kubectl get -w`), printing as time passed */
  live?: boolean;
  /** what a running watch printed during this step (after its command), cut at TRANSCRIPT_OUTPUT_LIMIT */
  watched?: { line: string; stdout: string; stderr: string; exitCode?: number; truncated?: boolean };
  /** what the terminal printed (commands only), cut at TRANSCRIPT_OUTPUT_LIMIT */
  stdout?: string;
  stderr?: string;
  exitCode?: number;
  truncated?: boolean;
  /** what a `sim tick`/`sim settle` said about the lab's tick budget, as data: the page words it in the reader's language */
  budget?: TickBudgetNote;
}

export type TranscriptOutcome = { ok: true; steps: TranscriptStep[]; stateHash: string } | { ok: false; error: string };

export type JobOutcome<J extends GradingJob> = J extends { kind: 'grade' } ? GradeOutcome : TranscriptOutcome;

/** worker → app */
export type WorkerMessage =
  /** `code`: what the worker runs, the app's bundle of it (`next start`) or the sources through tsx */
  | { type: 'ready'; code: 'bundle' | 'sources' }
  | { type: 'done'; id: number; outcome: GradeOutcome | TranscriptOutcome }
  /** a throw inside sim-core: a bug, reported with the seed to reproduce it */
  | { type: 'failed'; id: number; error: string };

/** app → worker */
export interface WorkerRequest {
  id: number;
  job: GradingJob;
}
