// Where to go after sign-in. Only same-site paths are followed: `next=//evil.example`
// or `next=https://…` would be an open redirect.
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f]/.test(next)) return fallback;
  return next;
}
