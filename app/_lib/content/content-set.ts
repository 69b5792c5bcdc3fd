// What the loader produces: every content file parsed and schema-checked, ready for the
// cross-file rules, the app's pages and content:check. Pure data (no fs handles).
import type { ActionLog } from '../../../sim-core/cluster/actions';
import type { ParsedLesson } from './markdown/parse';
import type { Course, Lab, Locale, Misconception, Quiz, Scenario } from './schemas';

export type LineOf = (path: readonly PropertyKey[]) => number | undefined;

export interface LoadedQuiz {
  file: string;
  quiz: Quiz;
  lineOf: LineOf;
}

export interface LoadedLesson {
  /** the folder name without its nn- prefix; used in URLs and as the quiz id */
  id: string;
  folder: string;
  /** the lesson folder, relative like every file name in problems */
  dir: string;
  versions: Partial<Record<Locale, ParsedLesson>>;
  quiz?: LoadedQuiz;
  /** quiz.yaml exists but has problems of its own (reported with its file), so nothing else repeats them */
  quizInvalid?: boolean;
}

export interface LoadedCourse {
  /** the folder name */
  id: string;
  dir: string;
  file: string;
  /** undefined when course.yaml is missing or invalid (the problems say why) */
  course?: Course;
  /** lessons in course.yaml order first, then folders course.yaml does not list */
  lessons: LoadedLesson[];
}

export interface LoadedScenario {
  file: string;
  scenario: Scenario;
  /** the line of a path inside the file, for problems found after loading (a setup line that fails) */
  lineOf?: LineOf;
}

export interface LoadedLab {
  dir: string;
  file: string;
  lab: Lab;
  /** the line of a path inside lab.yaml, for problems found after loading (a goal the solution fails) */
  lineOf?: LineOf;
  /** the reference solution's action log, when it could be read */
  solution?: ActionLog;
  /** solution.json, relative like every file name in problems, and the line each action starts on */
  solutionFile?: string;
  solutionLineOf?: (index: number) => number | undefined;
  /** starter files: workspace path → content */
  starterFiles: Record<string, string>;
}

export interface ContentSet {
  courses: LoadedCourse[];
  scenarios: Map<string, LoadedScenario>;
  labs: Map<string, LoadedLab>;
  misconceptions: Map<string, Misconception>;
  /** the file misconception tags come from, for messages */
  misconceptionsFile: string;
  /**
   * Ids whose file exists but could not be loaded (its own problems say why): a lesson or
   * course that names one is not told to create it.
   */
  unreadable?: { labs: ReadonlySet<string>; scenarios: ReadonlySet<string> };
}
