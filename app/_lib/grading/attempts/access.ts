// Who may open an attempt's replay: its owner, or an instructor or admin (the instructor
// dashboard links to learners' attempts). Everyone else is told it does not exist (404,
// not 403), so attempt ids leak nothing.
import { learnerLabel } from '../../i18n/bidi';
import { hasRole } from '../../auth/roles';

export function canOpenAttempt(user: { id: string; role: string }, attempt: { userId: string; labId: string } | undefined, labId: string): boolean {
  if (attempt === undefined || attempt.labId !== labId) return false;
  return attempt.userId === user.id || hasRole(user, 'instructor');
}

/**
 * How the replay page names whose attempt it is: "Your attempt" for its owner, the
 * learner's name and email for the instructor or admin who opened someone else's.
 */
export function attemptOwnerLabel(viewer: { id: string }, owner: { id: string; name: string | null; email: string }): { own: true } | { own: false; learner: string } {
  if (viewer.id === owner.id) return { own: true };
  return { own: false, learner: learnerLabel(owner) };
}
