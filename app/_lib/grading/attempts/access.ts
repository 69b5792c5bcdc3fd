// Who may open an attempt's replay: its owner, or an instructor or admin (the instructor
// dashboard links to learners' attempts). Everyone else is told it does not exist (404,
// not 403), so attempt ids leak nothing.
import { hasRole } from '../../auth/roles';

export function canOpenAttempt(user: { id: string; role: string }, attempt: { userId: string; labId: string } | undefined, labId: string): boolean {
  if (attempt === undefined || attempt.labId !== labId) return false;
  return attempt.userId === user.id || hasRole(user, 'instructor');
}
