'use server';
// Server action of the lab workspace: record that a signed-in learner revealed a hint
// (HintUse; the grading stores how many were used with each attempt). Revealing the same
// hint again is not a new use: the row is unique per (user, lab, hint).
import { z } from 'zod';
import { kebabId } from '../content';
import { consumeRateLimit } from '../auth/rate-limit';
import { getCurrentUser } from '../auth/session';
import { db } from '../db';
import { getContent } from '../queries/content';
import { HINT_RATE_LIMIT } from './limits';

const hintUseSchema = z.object({ labId: kebabId, hintIndex: z.number().int().min(0).max(63) });

export type RecordHintResult = { ok: true; recorded: 'account' | 'guest' } | { ok: false; error: 'invalid' | 'unknown-hint' | 'rate-limited' };

export async function recordHintUse(input: unknown): Promise<RecordHintResult> {
  const parsed = hintUseSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'invalid' };
  const { labId, hintIndex } = parsed.data;
  const lab = getContent().content.labs.get(labId)?.lab;
  if (!lab || hintIndex >= lab.hints.length) return { ok: false, error: 'unknown-hint' };
  const user = await getCurrentUser();
  // a guest's hints are kept in the browser (the workspace's saved work)
  if (!user) return { ok: true, recorded: 'guest' };
  if (!(await consumeRateLimit(`hint:user:${user.id}`, HINT_RATE_LIMIT)).allowed) return { ok: false, error: 'rate-limited' };
  await db.hintUse.upsert({
    where: { userId_labId_hintIndex: { userId: user.id, labId, hintIndex } },
    create: { userId: user.id, labId, hintIndex },
    update: {},
  });
  return { ok: true, recorded: 'account' };
}
