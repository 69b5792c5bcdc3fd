// A problem is what content:check prints: where (file, line, the question or lesson it is
// about), what is wrong and how to fix it — written for a teacher, not for a compiler.
export interface Problem {
  /** path relative to the content root's parent, e.g. content/courses/k/lessons/04-raft/quiz.yaml */
  file: string;
  /** 1-based line when known */
  line?: number;
  /** what inside the file, e.g. "quiz 'raft' question 'quorum-of-five'" */
  subject?: string;
  /** what is wrong and how to fix it */
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

export function formatProblem(p: Problem): string {
  const where = p.line === undefined ? p.file : `${p.file}:${p.line}`;
  return p.subject === undefined ? `${where}: ${p.message}` : `${where}: ${p.subject}: ${p.message}`;
}
