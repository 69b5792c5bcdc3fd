// The browser's side of guest answers: localStorage, guarded (private windows and full
// quotas throw), and a Web Lock so two tabs syncing at once do not send the same answers twice.
import { appendGuestAttempt, GUEST_ATTEMPTS_KEY, readGuestList, withoutSynced, type GuestAttempt } from '@/app/_lib/progress/guest-list';

export function loadGuestAttempts(): GuestAttempt[] {
  try {
    return readGuestList(window.localStorage.getItem(GUEST_ATTEMPTS_KEY));
  } catch {
    return [];
  }
}

function save(list: GuestAttempt[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(GUEST_ATTEMPTS_KEY);
    else window.localStorage.setItem(GUEST_ATTEMPTS_KEY, JSON.stringify(list));
  } catch {
    // storage unavailable: the answer is still graded, only not kept for later
  }
}

export function keepGuestAttempt(attempt: GuestAttempt): void {
  save(appendGuestAttempt(loadGuestAttempts(), attempt));
}

export function forgetSyncedAttempts(synced: readonly GuestAttempt[]): void {
  save(withoutSynced(loadGuestAttempts(), synced));
}

/** Runs `task` while holding the guest-sync lock when the browser has Web Locks, else directly. */
export async function withGuestSyncLock(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task();
  await locks.request('reconcile-guest-sync', { ifAvailable: true }, async (lock) => {
    if (lock) await task();
  });
}
