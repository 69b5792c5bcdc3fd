// The content system's public face for the app. Everything here is pure and safe in the
// browser; reading files is in ./loader (server only) and content:check in scripts/.
export * from './schemas';
export * from './grading';
export { parseLessonSource, parseMarkdownText, renderLesson, renderMarkdownText, renderTree, directiveAttributes } from './markdown';
export type { ParsedLesson, RenderedLesson, RenderOptions, CodeHighlighter, EmbeddedDirective } from './markdown';
export { parseYamlSource, YAML_LIMITS } from './yaml-source';
export { formatProblem } from './problems';
export type { Problem, Result } from './problems';
export type { ContentSet, LoadedCourse, LoadedLesson, LoadedQuiz, LoadedScenario, LoadedLab } from './content-set';
export { checkContent, countContent, formatCounts } from './check';
export { findCourse, findLesson, findQuestion } from './lookup';
export type { ContentCounts, ContentReport } from './check';
export { checkLessonParity, checkQuestionParity } from './rules/parity';
export type { ScenarioProver, LabProver, Provers, TerminalResult, GoalResult } from './prove';
export { provePredictQuestions, proveLabs } from './prove';
