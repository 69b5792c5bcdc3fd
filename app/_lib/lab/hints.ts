// The hints a signed-in learner has revealed in a lab (HintUse rows): the page opens with
// them shown again, on any device.
import 'server-only';
import { db } from '../db';

/** How many hints are revealed: one past the highest recorded index (hints are revealed in order). */
export async function revealedHintCount(userId: string, labId: string): Promise<number> {
  const last = await db.hintUse.findFirst({ where: { userId, labId }, orderBy: { hintIndex: 'desc' }, select: { hintIndex: true } });
  return last ? last.hintIndex + 1 : 0;
}
