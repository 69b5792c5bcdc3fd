// Every learner-visible change to a simulation is an Action, and the list of them is the
// action log (../shared/DESIGN.md §2). The browser records the log while the learner
// works; the server replays it from scratch to grade (nothing else the browser says is
// trusted). An action log is plain JSON so it can be stored, sent and diffed.
import { z } from 'zod';
import { HEREDOC_OPERATOR } from '../cli/shell/heredoc';

/** Limits that stop a hostile log before it costs the server anything. */
export const ACTION_LOG_LIMITS = {
  maxActions: 5_000,
  maxLineLength: 4_096,
  maxFileBytes: 1_572_864, // etcd's default request size limit, 1.5 MiB
  maxPathLength: 256,
  maxTick: 10_000_000,
} as const;

const at = z
  .number()
  .int()
  .min(0)
  .max(ACTION_LOG_LIMITS.maxTick)
  .optional()
  .describe('the simulated tick at which the action happened; absent = right after the previous action');

export const actionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('command'),
    at,
    /** a terminal line: `kubectl …`, `etcdctl …` or `sim …` */
    line: z.string().min(1).max(ACTION_LOG_LIMITS.maxLineLength),
    /** what the command reads from standard input (etcdctl txn, kubectl apply -f -) */
    stdin: z.string().max(ACTION_LOG_LIMITS.maxFileBytes).optional(),
    /** the here-document operator the stdin was typed with (`<<EOF`, `<<'END'`): shown with the command, nothing runs differently */
    heredoc: z.string().max(80).regex(HEREDOC_OPERATOR, 'a here-document operator such as <<EOF').optional(),
    /**
     * typed in the browser's terminal, whose clock runs outside the command: a `kubectl get
     * -w` left its watch running after it returned, until an `interrupt` (or the next such
     * command); absent, the command runs as a script's does
     */
    live: z.literal(true).optional(),
  }),
  z.object({
    type: z.literal('writeFile'),
    at,
    /** a workspace path such as `web.yaml` or `manifests/svc.yaml` */
    path: z
      .string()
      .min(1)
      .max(ACTION_LOG_LIMITS.maxPathLength)
      .regex(/^(?!\/)(?!.*\.\.)[A-Za-z0-9._\/-]+$/, 'a relative path of letters, digits, . _ - and /'),
    content: z.string().max(ACTION_LOG_LIMITS.maxFileBytes),
  }),
  z.object({
    type: z.literal('tick'),
    at,
    /** let simulated time pass */
    ticks: z.number().int().min(1).max(ACTION_LOG_LIMITS.maxTick),
  }),
  z.object({
    type: z.literal('interrupt'),
    at,
    /** Ctrl+C in the terminal: the running watch (a `live` command's) stops */
  }),
]);

export type Action = z.infer<typeof actionSchema>;

export const actionLogSchema = z.array(actionSchema).max(ACTION_LOG_LIMITS.maxActions);

export type ActionLog = z.infer<typeof actionLogSchema>;

/** A command's stdin and the here-document operator it was typed with, as far as there are any (no operator without a stdin). */
export function commandInput(c: { stdin?: string | undefined; heredoc?: string | undefined }): { stdin?: string; heredoc?: string } {
  if (c.stdin === undefined) return {};
  return c.heredoc === undefined ? { stdin: c.stdin } : { stdin: c.stdin, heredoc: c.heredoc };
}
