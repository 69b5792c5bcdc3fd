// The content validation report the dashboard shows: what the app's loader and the
// cross-file rules find (schemas, references, both languages), with the figures
// content:check prints. The slow proofs (lab solutions replayed, predict questions run
// against sim-core) are content:check's job in CI, not something to redo per page view;
// the report says so rather than claiming they passed.
//
// The rules take a few hundred milliseconds over the whole course, so the result is kept
// per loaded content set: in production the app loads content once per process
// (app/_lib/queries/content.ts), so the rules run once; in development every request loads
// the content afresh and gets a fresh report, as an author editing files expects.
import { checkContent, type ContentCounts, type ContentSet, type Problem } from '../content';

export interface ContentValidation {
  problems: Problem[];
  counts: ContentCounts;
}

const reports = new WeakMap<ContentSet, ContentValidation>();

export function validateContent(content: ContentSet, loadProblems: readonly Problem[]): ContentValidation {
  const cached = reports.get(content);
  if (cached) return cached;
  const report = checkContent(content, [...loadProblems], { unavailable: ['not run by the dashboard: run npm run content:check'] });
  const validation = { problems: report.problems, counts: report.counts };
  reports.set(content, validation);
  return validation;
}
