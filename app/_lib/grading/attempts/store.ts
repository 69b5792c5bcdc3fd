// LabAttempt rows: one per idempotency key (the unique index decides between concurrent
// duplicates), holding the log as replayed and the server's verdict; hints used are
// counted from HintUse rows, never taken from the request.
import type { Database } from '../../db';
import type { GoalOutcome } from '../protocol';

export interface StoredAttempt {
  id: string;
  userId: string;
  labId: string;
  passed: boolean;
  goals: GoalOutcome[];
  stateHash: string;
  actionLog: unknown;
  simVersion: string;
  seed: number;
  hintsUsed: number;
  createdAt: Date;
}

type Row = Awaited<ReturnType<Database['labAttempt']['findUniqueOrThrow']>>;

export function storedAttemptOf(row: Row): StoredAttempt {
  return {
    id: row.id,
    userId: row.userId,
    labId: row.labId,
    passed: row.passed,
    goals: JSON.parse(row.goalResults) as GoalOutcome[],
    stateHash: row.stateHash,
    actionLog: JSON.parse(row.actionLog) as unknown,
    simVersion: row.simVersion,
    seed: row.seed,
    hintsUsed: row.hintsUsed,
    createdAt: row.createdAt,
  };
}

export async function findAttemptByKey(db: Database, idempotencyKey: string): Promise<StoredAttempt | undefined> {
  const row = await db.labAttempt.findUnique({ where: { idempotencyKey } });
  return row ? storedAttemptOf(row) : undefined;
}

export async function findAttempt(db: Database, id: string): Promise<StoredAttempt | undefined> {
  const row = await db.labAttempt.findUnique({ where: { id } });
  return row ? storedAttemptOf(row) : undefined;
}

export async function hintsUsed(db: Database, userId: string, labId: string): Promise<number> {
  return db.hintUse.count({ where: { userId, labId } });
}

export interface NewAttempt {
  userId: string;
  labId: string;
  idempotencyKey: string;
  actionLog: unknown;
  simVersion: string;
  seed: number;
  passed: boolean;
  goals: GoalOutcome[];
  stateHash: string;
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === 'P2002';
}

/**
 * Store the attempt, or — when a request with the same key got there first (a double
 * click, a retry racing the first request) — return the row that won.
 */
export async function storeAttempt(db: Database, a: NewAttempt): Promise<StoredAttempt> {
  try {
    const row = await db.labAttempt.create({
      data: {
        userId: a.userId,
        labId: a.labId,
        idempotencyKey: a.idempotencyKey,
        actionLog: JSON.stringify(a.actionLog),
        simVersion: a.simVersion,
        seed: a.seed,
        stateHash: a.stateHash,
        goalResults: JSON.stringify(a.goals),
        passed: a.passed,
        hintsUsed: await hintsUsed(db, a.userId, a.labId),
      },
    });
    return storedAttemptOf(row);
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const winner = await findAttemptByKey(db, a.idempotencyKey);
    if (winner === undefined) throw e;
    return winner;
  }
}
