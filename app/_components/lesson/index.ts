// The lesson page's parts: the rendered body with its live embeds, previous/next, the
// "mark complete" form and the learner's visit/guest-answer sync.
export { LessonBody } from './lesson-body';
export { LessonNav } from './lesson-nav';
export { MarkComplete } from './mark-complete';
export { LearnerSync } from './learner-sync';
export { splitAtDirectives, type LessonSegment } from './segments';
