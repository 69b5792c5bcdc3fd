// A note, not a problem: true/false answers that all go one way teach learners to guess
// the pattern ("it's always false") instead of the statement. content:check prints the
// balance of each course and points at a quiz whose answers are all the same; nothing
// fails, because a single quiz may rightly have two false statements in a row.
import type { ContentSet } from '../content-set';

/** A quiz with at least this many true/false questions, all answered the same way, is pointed out. */
export const ONE_WAY_QUIZ_MIN = 3;
/** Below this share of the rarer answer across a course (with at least 4 questions), the course is pointed out. */
export const COURSE_MIN_SHARE = 1 / 3;

export function trueFalseNotes(content: ContentSet): string[] {
  const notes: string[] = [];
  for (const course of content.courses) {
    let yes = 0;
    let no = 0;
    for (const lesson of course.lessons) {
      const quiz = lesson.quiz?.quiz;
      if (!quiz) continue;
      const answers = quiz.questions.flatMap((q) => (q.type === 'truefalse' ? [q.answer] : []));
      const t = answers.filter(Boolean).length;
      yes += t;
      no += answers.length - t;
      if (answers.length >= ONE_WAY_QUIZ_MIN && (t === 0 || t === answers.length)) {
        notes.push(`note: quiz '${quiz.id}' has ${answers.length} true/false questions and every answer is ${t === 0 ? 'false' : 'true'}; learners can pass by the pattern, so rewrite one as an accurate ${t === 0 ? 'true' : 'false'} statement (with a new id)`);
      }
    }
    const total = yes + no;
    if (total === 0) continue;
    notes.push(`true/false answers in course '${course.id}': ${yes} true, ${no} false`);
    if (total >= 4 && Math.min(yes, no) / total < COURSE_MIN_SHARE) {
      notes.push(`note: only ${Math.min(yes, no)} of the ${total} true/false answers in course '${course.id}' are ${yes < no ? 'true' : 'false'}; aim for about half`);
    }
  }
  return notes;
}
