// The messages between the page and the simulation's Web Worker. Both ends validate what
// they receive with these schemas (a worker message is untrusted data like any other
// input), and every field is plain JSON so a structured clone costs little.
import { z } from 'zod';
import { ACTION_LOG_LIMITS, actionLogSchema, actionSchema } from '@/sim-core/cluster/actions';
import { HEREDOC_OPERATOR } from '@/sim-core/cli/shell/heredoc';
import { goalSchema } from '@/sim-core/grading/goals';
import { clusterViewSchema } from './cluster-view-schema';
import { hopSchema } from './watch-chain-schema';

const int0 = z.number().int().min(0);
const memberName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'a member name such as etcd-1');

/** Speeds the view offers, in simulated ticks per second of wall time (1 tick = 10 ms: 100 is real time). */
export const SPEED_PRESETS = [1, 3, 10, 30, 100, 500] as const;
export const DEFAULT_SPEED = 10;
/** Most ticks one Step may run (a terminal `sim tick` is not limited by this). */
export const MAX_STEP_TICKS = 10_000;
/** How often a playing worker advances and posts a view: ≤ 10 views a second. */
export const FRAME_MS = 100;
/** The longest terminal line: an action log's own limit (the terminal says so rather than send a longer one). */
export const MAX_LINE_LENGTH = ACTION_LOG_LIMITS.maxLineLength;
/** The most standard input a command may read (a here-document's): an action log's own limit, in UTF-16 code units as zod counts them. */
export const MAX_STDIN_LENGTH = ACTION_LOG_LIMITS.maxFileBytes;
const stdinSchema = z.string().max(MAX_STDIN_LENGTH);
/** the here-document operator a stdin was typed with (`<<'END'`), kept to show the command as typed */
const heredocSchema = z.string().max(80).regex(HEREDOC_OPERATOR);

/** A typed terminal line as it is run (trimmed), or its length when it is too long to send: it is never cut or lost. */
export function terminalLine(text: string): { ok: true; line: string } | { ok: false; empty: true } | { ok: false; empty: false; length: number } {
  const line = text.trim();
  if (line === '') return { ok: false, empty: true };
  if (line.length > MAX_LINE_LENGTH) return { ok: false, empty: false, length: line.length };
  return { ok: true, line };
}

/** The command Apply runs after it writes the files. */
export function applyCommandLine(path: string): string {
  return `kubectl apply -f ${path}`;
}

/**
 * The caps of the server's grading a lab can run into (sim-core/grading/caps.ts, and the
 * size of the submitted request): what a refused command and the lab's notice name.
 */
export const LAB_LIMITS = ['ticks', 'actions', 'commands', 'output', 'size'] as const;
export type LabLimit = (typeof LAB_LIMITS)[number];

// ---- page → worker ----

export const hostScenarioSchema = z.object({
  id: z.string().min(1).max(128),
  topology: z.enum(['etcd-only', 'default']),
  seed: z.number().int().min(0).max(2 ** 31 - 1),
  members: z.number().int().min(1).max(7),
  /** `default` topology: control-plane nodes (a lab's `controlPlanes`; default 1) */
  controlPlanes: z.number().int().min(1).max(5).optional(),
  setup: z.array(z.string().min(1).max(4096)).max(200),
});
export type HostScenario = z.infer<typeof hostScenarioSchema>;

/** A workspace path and its text, as a `writeFile` action carries them (the same schemas). */
const writeFileSchema = actionSchema.options[1];
const workspaceFileSchema = z.object({ path: writeFileSchema.shape.path, content: writeFileSchema.shape.content });

/**
 * What a lab adds to a scenario: the starter files (the workspace before the learner's
 * first action, as the server's grading writes them) and the goals the checklist shows.
 */
export const hostLabSchema = z.object({
  files: z.array(workspaceFileSchema).max(32),
  goals: z.array(goalSchema).max(64),
});
export type HostLab = z.infer<typeof hostLabSchema>;

export const faultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('kill'), member: memberName }),
  z.object({ kind: z.literal('restart'), member: memberName }),
  z.object({ kind: z.literal('partition'), groups: z.array(z.array(memberName).min(1).max(7)).min(2).max(7) }),
  z.object({ kind: z.literal('heal') }),
]);
export type Fault = z.infer<typeof faultSchema>;

export const pageMessageSchema = z.discriminatedUnion('type', [
  /** `lab` makes it a lab's cluster; `replay` is saved work to redo before the learner goes on */
  // speed: the scenario's own (ticks a second), kept out of hostScenarioSchema, whose fingerprint keys saved work
  z.object({ type: z.literal('init'), scenario: hostScenarioSchema, lab: hostLabSchema.optional(), replay: actionLogSchema.optional(), speed: z.number().int().min(1).max(1000).optional() }),
  z.object({ type: z.literal('play') }),
  z.object({ type: z.literal('pause') }),
  z.object({ type: z.literal('step'), ticks: z.number().int().min(1).max(MAX_STEP_TICKS) }),
  z.object({ type: z.literal('setSpeed'), ticksPerSecond: z.number().int().min(1).max(1000) }),
  /** `stdin`: what a here-document gave the command (`etcdctl txn <<EOF` sends the line `etcdctl txn`), logged with it */
  z.object({ type: z.literal('runCommand'), requestId: int0, line: z.string().min(1).max(MAX_LINE_LENGTH), stdin: stdinSchema.optional(), heredoc: heredocSchema.optional() }),
  z.object({ type: z.literal('fault'), fault: faultSchema }),
  /** Ctrl+C at an empty prompt: the watch left running (SimView.running) stops; logged as an `interrupt` action */
  z.object({ type: z.literal('interrupt') }),
  /** whose copy of the keyspace the browser shows; absent = the leader's */
  z.object({ type: z.literal('setKeyspaceSource'), member: memberName.optional() }),
  /**
   * the lab editor's Apply, all or nothing: the files as the learner edited them (logged
   * `writeFile` actions, in this order), then `kubectl apply -f <path>` (a logged command);
   * when grading's caps have no room for all of it, none of it happens
   */
  z.object({ type: z.literal('apply'), requestId: int0, files: z.array(workspaceFileSchema).max(32), path: writeFileSchema.shape.path }),
  /** back to the start: the setup's state and the starter files, with an empty action log */
  z.object({ type: z.literal('reset') }),
  z.object({ type: z.literal('getActionLog'), requestId: int0 }),
  /**
   * the lab editor's text of a workspace file, to judge against the live cluster as Apply
   * would write it (the Problems list); nothing is written, run or logged
   */
  z.object({ type: z.literal('checkManifest'), requestId: int0, path: writeFileSchema.shape.path, text: writeFileSchema.shape.content }),
  /**
   * the file `kubectl edit …` (the line) would open in its editor now, read from the
   * committed keyspace: nothing is run, sent, logged or ticked (the terminal's edit dialog).
   * The clock is paused first, whatever the page last saw of it: the answer says whether it played
   */
  z.object({ type: z.literal('openEditor'), requestId: int0, line: z.string().min(1).max(MAX_LINE_LENGTH) }),
]);
export type PageMessage = z.infer<typeof pageMessageSchema>;

/** kubectl edit's file: what its editor opens, or reopens after a save it could not apply. */
export const editorFileSchema = z.object({ buffer: stdinSchema, language: z.enum(['yaml', 'json']) });
export type EditorFile = z.infer<typeof editorFileSchema>;
/** What the edit dialog opens: the file, the first objects in it as kubectl names them (`deployment.apps/web`), and how many more it holds. */
export const editorOpenSchema = editorFileSchema.extend({ title: z.string().max(MAX_LINE_LENGTH), more: int0 });
export type EditorOpen = z.infer<typeof editorOpenSchema>;

// ---- worker → page ----

export const ROLES = ['leader', 'follower', 'candidate', 'pre-candidate', 'down'] as const;

/** One process box in the view. Only etcd members exist today; nodes and control-plane processes will join this union. */
export const memberViewSchema = z.object({
  kind: z.literal('etcd-member'),
  name: memberName,
  role: z.enum(ROLES),
  term: int0,
  commitIndex: int0,
  appliedIndex: int0,
  logLength: int0,
  up: z.boolean(),
  /** partition group letter ('a', 'b', …) while the network is partitioned */
  partition: z.string().max(2).optional(),
});
export type MemberView = z.infer<typeof memberViewSchema>;

export const keyViewSchema = z.object({
  key: z.string(),
  createRevision: int0,
  modRevision: int0,
  version: int0,
  /** the lease id in decimal, '0' when none */
  lease: z.string(),
  value: z.string(),
  /** the value pretty-printed, when it is a JSON object or array */
  json: z.string().optional(),
  /** the value was cut to keep the view small */
  truncated: z.boolean(),
});
export type KeyView = z.infer<typeof keyViewSchema>;

export const keyspaceViewSchema = z.object({
  /** the member whose applied state is shown */
  source: z.string(),
  revision: int0,
  keys: z.array(keyViewSchema),
});
export type KeyspaceView = z.infer<typeof keyspaceViewSchema>;

export const messageViewSchema = z.object({
  id: int0,
  from: z.string(),
  to: z.string(),
  /** etcd's name for it: MsgApp, MsgVote, … or the client call (put, range, response) */
  type: z.string(),
  /** entries carried by a MsgApp */
  entries: int0,
  sentAt: int0,
  deliverAt: int0,
});
export type MessageView = z.infer<typeof messageViewSchema>;

export const traceLineSchema = z.object({
  seq: int0,
  tick: int0,
  kind: z.enum(['send', 'deliver', 'drop', 'kill', 'exit', 'restart', 'state', 'fault']),
  address: z.string(),
  peer: z.string().optional(),
  summary: z.string(),
});
export type TraceLine = z.infer<typeof traceLineSchema>;

const at = { id: int0, tick: int0 };
/** The changes a learner should notice, announced in the event log. */
export const notableEventSchema = z.discriminatedUnion('type', [
  z.object({ ...at, type: z.literal('leader-elected'), member: z.string(), term: int0 }),
  z.object({ ...at, type: z.literal('member-down'), member: z.string() }),
  z.object({ ...at, type: z.literal('member-up'), member: z.string() }),
  z.object({ ...at, type: z.literal('process-exited'), member: z.string(), exitCode: int0 }),
  z.object({ ...at, type: z.literal('partition'), groups: z.array(z.array(z.string())) }),
  z.object({ ...at, type: z.literal('heal') }),
  z.object({ ...at, type: z.literal('key-put'), key: z.string(), revision: int0 }),
  z.object({ ...at, type: z.literal('key-deleted'), key: z.string() }),
]);
export type NotableEvent = z.infer<typeof notableEventSchema>;

/** One lab goal as the checklist shows it, evaluated by sim-core's grading on the live cluster. */
export const goalViewSchema = z.object({
  id: z.string(),
  passed: z.boolean(),
  explanation: z.object({ ko: z.string(), en: z.string() }),
  /** 'state': judged on the cluster now; 'always' / 'eventually': judged over the history since the lab started */
  kind: z.enum(['state', 'always', 'eventually']),
});
export type GoalView = z.infer<typeof goalViewSchema>;

export const commandResultSchema = z.object({
  line: z.string(),
  /** the standard input the command read (the terminal shows it as the here-document that gave it) */
  stdin: z.string().optional(),
  /** the here-document operator it was typed with (`<<'END'`), when known */
  heredoc: heredocSchema.optional(),
  stdout: z.string(),
  stderr: z.string(),
  exitCode: z.number().int(),
  /** a lab's command that was not run (nor logged): this cap of grading had no room for it */
  refused: z.enum(LAB_LIMITS).optional(),
  /** a lab's `sim tick` / `sim settle` sentence about the tick budget, as data (the terminal words it in the page's language) */
  budget: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('used-up'), command: z.enum(['tick', 'settle']), cap: int0 }),
      z.object({ kind: z.literal('only-left'), left: int0, cap: int0 }),
      z.object({ kind: z.literal('settle-cut'), ran: int0, cap: int0, now: int0 }),
    ])
    .optional(),
  /** a `kubectl edit` save kubectl would answer by reopening its editor: the file it reopens (the dialog opens on it again) */
  edit: editorFileSchema.optional(),
  /**
   * a watch left running (`kubectl get -w` in the browser's terminal): `running` on the
   * command that started it; the rows it printed later come as blocks of their own with the
   * same line — `output` while it runs, `stopped` for Ctrl+C (exit 130), `ended` when it
   * ended by itself (its error on stderr)
   */
  watch: z.enum(['running', 'output', 'stopped', 'ended']).optional(),
  /** a watch's block: what the watch printed before it was lost unread (its buffer kept only the newest events), so the terminal says older rows were not kept */
  clipped: z.literal(true).optional(),
  /**
   * on a command that left a new watch running: the watch it ended (one runs at a time),
   * as the block that ends it — its rows since its last block, then `stopped` (exit 130, the
   * ^C a terminal would have needed first) or `ended` when it had ended by itself meanwhile
   */
  replaced: z
    .object({ line: z.string(), stdout: z.string(), stderr: z.string(), exitCode: z.number().int(), watch: z.enum(['stopped', 'ended']), clipped: z.literal(true).optional() })
    .optional(),
});
export type CommandResult = z.infer<typeof commandResultSchema>;

export const simViewSchema = z.object({
  now: int0,
  /** the simulation's state hash; absent while playing (it costs milliseconds a frame) */
  stateHash: z.string().optional(),
  leader: z.string().optional(),
  members: z.array(memberViewSchema),
  /** partition groups as member names; empty when the network is whole */
  partition: z.array(z.array(z.string())),
  /** absent when unchanged since the previous view (the page keeps the last one) */
  keyspace: keyspaceViewSchema.optional(),
  messages: z.array(messageViewSchema),
  /** messages on the wire, of which `messages` lists the first few hundred */
  messagesInFlight: int0,
  trace: z.array(traceLineSchema),
  /** notable events since the previous view */
  events: z.array(notableEventSchema),
  playing: z.boolean(),
  ticksPerSecond: z.number().int().min(1).max(1000),
  actionCount: int0,
  /** changes whenever the action log does (a merged tick too): the page saves the log when it moves */
  logVersion: int0,
  /**
   * the ticks of the log's last action when that is a step of time (Step, and Play's frames
   * merged into it); absent when the last action is anything else. With actionCount it is
   * the log as of this view, given a log the page fetched earlier or later: a page being
   * left saves what it shows without a round trip (app/_components/sim/use-log-saver.ts)
   */
  lastTicks: z.number().int().min(1).max(ACTION_LOG_LIMITS.maxTick).optional(),
  /** a lab's goals, evaluated on this view's state; absent outside labs */
  goals: z.array(goalViewSchema).optional(),
  /** a lab's room under grading's caps; absent outside labs */
  budget: z
    .object({
      maxTicks: int0,
      ticksLeft: int0,
      /** a cap that is used up: what it stops is refused until a reset */
      full: z.enum(LAB_LIMITS).optional(),
    })
    .optional(),
  /** the default topology's nodes, Pods and control-plane processes; absent for etcd-only and when unchanged since the previous view */
  cluster: clusterViewSchema.optional(),
  /** watch-chain hops since the previous view (the page keeps the list) */
  chain: z.array(hopSchema).max(500).optional(),
  /** the line of the watch left running in the terminal (`kubectl get pods -w`), until Ctrl+C */
  running: z.string().optional(),
  /** what that watch printed since the previous view (a `watch: 'output'` or `'ended'` block) */
  watched: commandResultSchema.optional(),
});
export type SimView = z.infer<typeof simViewSchema>;


/** The most problems one checked file lists (a file can name thousands of bad fields), and the longest text of one (a Pod update's refusal carries a diff). */
export const MAX_MANIFEST_PROBLEMS = 200;
export const MAX_PROBLEM_LENGTH = 16_384;
/** the longest `updates` (a kind's prefix and an object name, which the API server caps at 253) */
export const MAX_UPDATES_LENGTH = 400;
/** the longest `output` (kubectl apply's text of a patch it cannot compute dumps the file twice and the live object) */
export const MAX_OUTPUT_LENGTH = 65_536;

/** One problem of a checked file (the editor's EditorProblem, app/_components/lab/manifest-problems.ts). */
export const manifestProblemSchema = z.object({
  path: writeFileSchema.shape.path,
  /** 0: the whole file */
  line: int0,
  column: z.number().int().min(1),
  message: z.string().max(MAX_PROBLEM_LENGTH),
  severity: z.enum(['error', 'warning', 'info']),
  /** apiserver: the server's field errors; kubectl: Apply would fail otherwise, in kubectl's words */
  source: z.enum(['apiserver', 'kubectl']).optional(),
  /** the live object Apply would update (`deployment.apps/web`); absent: Apply would create it */
  updates: z.string().max(MAX_UPDATES_LENGTH).optional(),
  /** all kubectl apply prints of a failure, when more than the message */
  output: z.string().max(MAX_OUTPUT_LENGTH).optional(),
});
export type ManifestProblem = z.infer<typeof manifestProblemSchema>;

export const workerMessageSchema = z.discriminatedUnion('type', [
  /** the cluster is built and the scenario's setup has run */
  z.object({ type: z.literal('ready'), setup: z.array(commandResultSchema) }),
  z.object({ type: z.literal('view'), view: simViewSchema }),
  /** requestId is absent for commands the worker ran itself (a fault button's `sim` line) */
  z.object({ type: z.literal('commandResult'), requestId: int0.optional(), result: commandResultSchema }),
  z.object({ type: z.literal('actionLog'), requestId: int0, log: actionLogSchema }),
  /**
   * the answer to `openEditor`: the file, or none when the command stops before its editor
   * opens (the page then runs the line); `playing`: the clock played until the request paused it
   */
  z.object({ type: z.literal('editorFile'), requestId: int0, editor: editorOpenSchema.optional(), playing: z.boolean() }),
  /** what the API server would refuse of a checked file if Apply wrote it now, at the lines of its fields */
  z.object({ type: z.literal('manifestProblems'), requestId: int0, problems: z.array(manifestProblemSchema).max(MAX_MANIFEST_PROBLEMS) }),
  /**
   * Apply's answer: `written` says whether the files were written (then `result` is the
   * command's output); a refused Apply wrote nothing, and `result.refused` names the cap
   */
  z.object({ type: z.literal('applied'), requestId: int0, written: z.boolean(), result: commandResultSchema }),
  /**
   * saved work being replayed into the fresh cluster (after `ready`, before the first view):
   * `done` of `total` units of work, an action each and one more per stretch of a long step
   * of time (session.ts replayWork), so the page shows it as a percentage
   */
  z.object({ type: z.literal('replayProgress'), done: int0, total: int0 }),
  /** the replay is over: what its commands printed, and why it stopped early if it did */
  z.object({ type: z.literal('replayed'), results: z.array(commandResultSchema), error: z.string().optional() }),
  z.object({ type: z.literal('unsupported'), topology: z.string() }),
  /**
   * a page message the worker refused (malformed, or sent before a successful init); with
   * the refused message's `requestId` and `type` when they could be read, so the page ends
   * that request alone (a command in flight, an Apply, a log request) and no other
   */
  z.object({ type: z.literal('error'), message: z.string(), requestId: int0.optional(), request: z.string().max(40).optional() }),
]);
export type WorkerMessage = z.infer<typeof workerMessageSchema>;

export type Parsed<T> = { ok: true; message: T } | { ok: false; error: string };

function parseWith<T>(schema: z.ZodType<T>, data: unknown): Parsed<T> {
  const r = schema.safeParse(data);
  if (r.success) return { ok: true, message: r.data };
  const issue = r.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return { ok: false, error: `refused a malformed message${where}: ${issue?.message ?? 'invalid'}` };
}

/** The worker's check of what the page sent. */
export function parsePageMessage(data: unknown): Parsed<PageMessage> {
  return parseWith(pageMessageSchema, data);
}

/** The page's check of what the worker sent. */
export function parseWorkerMessage(data: unknown): Parsed<WorkerMessage> {
  return parseWith(workerMessageSchema, data);
}
