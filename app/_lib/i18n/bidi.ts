// Text a learner typed, shown inside the interface's own sentences: a name is wrapped in
// Unicode's first-strong isolate (U+2068 … U+2069), what <bdi> does for markup, so its
// direction marks — a right-to-left override making "‮nimda" read "admin" — cannot
// reorder what is around it or escape into it. Sign-up refuses such marks now; names
// saved before that are still shown this way.

export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}

/** How the dashboard and the replay page name a learner: "Ada (ada@example.com)", or the email alone. */
export function learnerLabel(learner: { name: string | null; email: string }): string {
  const name = learner.name?.trim();
  return name ? `${isolated(name)} (${learner.email})` : learner.email;
}
