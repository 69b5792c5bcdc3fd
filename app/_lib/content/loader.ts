// Reads content/ from disk (server-only: node:fs). Parsing and checking are pure and live
// in markdown/, schemas/ and rules/; this file only finds files and hands them over.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { actionLogSchema, type ActionLog } from '../../../sim-core/cluster/actions';
import type { ContentSet, LineOf, LoadedCourse, LoadedLab, LoadedLesson, LoadedQuiz, LoadedScenario } from './content-set';
import { parseLessonSource } from './markdown/parse';
import type { Problem, Result } from './problems';
import { fieldName, validateYaml, valueAt, type SubjectOf } from './schema-problems';
import {
  LOCALES,
  courseSchema,
  labSchema,
  misconceptionsFileSchema,
  quizSchema,
  scenarioSchema,
  type Misconception,
} from './schemas';
import { parseYamlSource } from './yaml-source';

export interface LoadOptions {
  /** file names in problems are relative to this folder (default: the content folder's parent) */
  displayBase?: string;
}

export interface LoadedContent {
  content: ContentSet;
  problems: Problem[];
}

type YamlLoader = <T>(abs: string, parse: (source: string, file: string) => Result<T>) => T | undefined;

export const LESSON_FOLDER = /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

export function loadContent(contentDir: string, options: LoadOptions = {}): LoadedContent {
  const base = options.displayBase ?? path.dirname(path.resolve(contentDir));
  const rel = (abs: string) => path.relative(base, abs).split(path.sep).join('/');
  const problems: Problem[] = [];
  const read = (abs: string): string | undefined => {
    try {
      return readFileSync(abs, 'utf8');
    } catch {
      problems.push({ file: rel(abs), message: 'the file cannot be read' });
      return undefined;
    }
  };
  const loadYaml: YamlLoader = (abs, parse) => {
    const source = read(abs);
    if (source === undefined) return undefined;
    const r = parse(source, rel(abs));
    if (!r.ok) {
      problems.push(...r.problems);
      return undefined;
    }
    return r.value;
  };

  // misconceptions.yaml
  const misconceptionsAbs = path.join(contentDir, 'misconceptions.yaml');
  const misconceptions = new Map<string, Misconception>();
  if (!existsSync(misconceptionsAbs)) {
    problems.push({ file: rel(misconceptionsAbs), message: 'the shared misconception list is missing; create it (see docs/AUTHORING.md)' });
  } else {
    const list = loadYaml(misconceptionsAbs, (s, f) => schemaParse(misconceptionsFileSchema, s, f));
    for (const [i, m] of (list ?? []).entries()) {
      if (misconceptions.has(m.id)) {
        problems.push({ file: rel(misconceptionsAbs), subject: `entry ${i + 1}`, message: `the tag '${m.id}' is listed twice; keep one` });
      }
      misconceptions.set(m.id, m);
    }
  }

  // scenarios
  const scenarios = new Map<string, LoadedScenario>();
  const unreadable = { labs: new Set<string>(), scenarios: new Set<string>() };
  for (const name of listDir(path.join(contentDir, 'scenarios'))) {
    if (!name.endsWith('.yaml') && !name.endsWith('.yml')) continue;
    const abs = path.join(contentDir, 'scenarios', name);
    const parsed = loadYaml(abs, (s, f) => schemaParseWithLines(scenarioSchema, s, f));
    const stem = name.replace(/\.ya?ml$/, '');
    if (!parsed) {
      unreadable.scenarios.add(stem);
      continue;
    }
    const scenario = parsed.value;
    if (scenario.id !== stem) {
      // lessons name a scenario by its file: it exists, with a problem of its own, and nothing else repeats it
      problems.push({ file: rel(abs), message: `the scenario id '${scenario.id}' differs from the file name; rename the file to ${scenario.id}.yaml or set id: ${stem}` });
      unreadable.scenarios.add(stem);
      continue;
    }
    if (scenarios.has(scenario.id)) {
      problems.push({ file: rel(abs), message: `the scenario id '${scenario.id}' is used by ${scenarios.get(scenario.id)!.file} too; ids must be unique` });
      continue;
    }
    scenarios.set(scenario.id, { file: rel(abs), scenario, lineOf: parsed.lineOf });
  }

  // labs
  const labs = new Map<string, LoadedLab>();
  for (const name of listDir(path.join(contentDir, 'labs'))) {
    const dirAbs = path.join(contentDir, 'labs', name);
    if (!isDir(dirAbs)) continue;
    const abs = path.join(dirAbs, 'lab.yaml');
    if (!existsSync(abs)) {
      problems.push({ file: rel(dirAbs), message: 'a lab folder needs a lab.yaml; add one or remove the folder' });
      continue;
    }
    const parsed = loadYaml(abs, (s, f) => schemaParseWithLines(labSchema, s, f));
    if (!parsed) {
      unreadable.labs.add(name);
      continue;
    }
    const lab = parsed.value;
    if (lab.id !== name) {
      // courses and lessons name a lab by its folder: it exists, with a problem of its own, and nothing else repeats it
      problems.push({ file: rel(abs), message: `the lab id '${lab.id}' differs from its folder '${name}'; make them equal` });
      unreadable.labs.add(name);
      continue;
    }
    const loaded: LoadedLab = { dir: rel(dirAbs), file: rel(abs), lab, lineOf: parsed.lineOf, starterFiles: {} };
    for (const starter of lab.starter) {
      const from = path.join(dirAbs, starter.from);
      if (!existsSync(from)) {
        problems.push({ file: rel(abs), subject: `starter '${starter.path}'`, message: `the file '${starter.from}' does not exist in the lab folder` });
      } else loaded.starterFiles[starter.path] = readFileSync(from, 'utf8');
    }
    const solutionAbs = path.join(dirAbs, lab.solution);
    if (!existsSync(solutionAbs)) {
      problems.push({ file: rel(abs), subject: 'solution', message: `the reference solution '${lab.solution}' does not exist; add the action log (a JSON array of actions)` });
    } else {
      const source = read(solutionAbs) ?? '';
      const parsed = parseSolution(source);
      loaded.solutionFile = rel(solutionAbs);
      if (parsed.ok) {
        loaded.solution = parsed.value;
        const lines = arrayElementLines(source);
        loaded.solutionLineOf = (index) => lines[index];
      } else problems.push({ file: rel(solutionAbs), message: parsed.error });
    }
    labs.set(lab.id, loaded);
  }

  // courses
  const courses: LoadedCourse[] = [];
  for (const name of listDir(path.join(contentDir, 'courses'))) {
    const dirAbs = path.join(contentDir, 'courses', name);
    if (!isDir(dirAbs)) continue;
    courses.push(loadCourse(dirAbs, name, rel, read, loadYaml, problems));
  }

  return {
    content: { courses, scenarios, labs, misconceptions, misconceptionsFile: rel(misconceptionsAbs), unreadable },
    problems,
  };
}

function loadCourse(
  dirAbs: string,
  name: string,
  rel: (abs: string) => string,
  read: (abs: string) => string | undefined,
  loadYaml: YamlLoader,
  problems: Problem[],
): LoadedCourse {
  const file = path.join(dirAbs, 'course.yaml');
  const loaded: LoadedCourse = { id: name, dir: rel(dirAbs), file: rel(file), lessons: [] };
  if (!existsSync(file)) problems.push({ file: rel(file), message: 'the course has no course.yaml; add one (see docs/AUTHORING.md)' });
  else {
    loaded.course = loadYaml(file, (s, f) => schemaParse(courseSchema, s, f));
    if (loaded.course && loaded.course.id !== name) {
      problems.push({ file: rel(file), message: `the course id '${loaded.course.id}' differs from its folder '${name}'; make them equal` });
    }
  }
  const lessonsAbs = path.join(dirAbs, 'lessons');
  const byId = new Map<string, LoadedLesson>();
  for (const folder of listDir(lessonsAbs)) {
    const lessonAbs = path.join(lessonsAbs, folder);
    if (!isDir(lessonAbs)) continue;
    const m = LESSON_FOLDER.exec(folder);
    if (!m) {
      problems.push({ file: rel(lessonAbs), message: `a lesson folder is named nn-lesson-id, e.g. 04-raft; rename '${folder}'` });
      continue;
    }
    const id = m[2]!;
    if (byId.has(id)) {
      problems.push({ file: rel(lessonAbs), message: `two lesson folders have the id '${id}' (${byId.get(id)!.folder} and ${folder}); rename one` });
      continue;
    }
    const lesson: LoadedLesson = { id, folder, dir: rel(lessonAbs), versions: {} };
    for (const locale of LOCALES) {
      const mdAbs = path.join(lessonAbs, `index.${locale}.md`);
      if (!existsSync(mdAbs)) continue; // reported by the course rules, which know both languages
      const source = read(mdAbs);
      if (source !== undefined) lesson.versions[locale] = parseLessonSource(source, rel(mdAbs));
    }
    const quizAbs = path.join(lessonAbs, 'quiz.yaml');
    if (existsSync(quizAbs)) {
      const source = read(quizAbs);
      if (source !== undefined) lesson.quiz = parseQuiz(source, rel(quizAbs), problems);
      if (!lesson.quiz) lesson.quizInvalid = true;
    }
    byId.set(id, lesson);
  }
  // a lesson listed twice is reported once by the course rules, and loaded once
  const order = [...new Set(loaded.course?.lessons ?? [])];
  loaded.lessons = [
    ...order.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    ...[...byId.values()].filter((l) => !order.includes(l.id)),
  ];
  return loaded;
}

/** A quiz file's problems name the question they are in: "quiz 'raft' question 'quorum-of-five'". */
export function parseQuiz(source: string, file: string, problems: Problem[]): LoadedQuiz | undefined {
  const yaml = parseYamlSource(source, file);
  if (!yaml.ok) {
    problems.push(...yaml.problems);
    return undefined;
  }
  const subjectOf: SubjectOf = (p, raw) => {
    const quizId = valueAt(raw, ['id']);
    const quiz = typeof quizId === 'string' ? `quiz '${quizId}'` : 'quiz';
    if (p[0] === 'questions' && typeof p[1] === 'number') {
      const qid = valueAt(raw, ['questions', p[1], 'id']);
      const q = typeof qid === 'string' ? `question '${qid}'` : `question ${p[1] + 1}`;
      return { subject: `${quiz} ${q}`, rest: p.slice(2) };
    }
    return { subject: quiz, rest: p };
  };
  const r = validateYaml(quizSchema, yaml.value, file, subjectOf);
  if (!r.ok) {
    problems.push(...r.problems);
    return undefined;
  }
  return { file, quiz: r.value, lineOf: yaml.value.lineOf };
}

function schemaParse<S extends z.ZodType>(schema: S, source: string, file: string): Result<z.output<S>> {
  const yaml = parseYamlSource(source, file);
  if (!yaml.ok) return yaml;
  return validateYaml(schema, yaml.value, file);
}

function schemaParseWithLines<S extends z.ZodType>(schema: S, source: string, file: string): Result<{ value: z.output<S>; lineOf: LineOf }> {
  const yaml = parseYamlSource(source, file);
  if (!yaml.ok) return yaml;
  const r = validateYaml(schema, yaml.value, file);
  return r.ok ? { ok: true, value: { value: r.value, lineOf: yaml.value.lineOf } } : r;
}

function parseSolution(source: string): { ok: true; value: ActionLog } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (e) {
    return { ok: false, error: `the reference solution is not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  const r = actionLogSchema.safeParse(json);
  if (r.success) return { ok: true, value: r.data };
  const first = r.error.issues[0];
  return {
    ok: false,
    error: `the reference solution is not an action log (a JSON array of {type: command|writeFile|tick, …})${first ? `: ${describeActionIssue(first.path, first.message)}` : ''}`,
  };
}

/** The line each element of a top-level JSON array starts on (the text is valid JSON). */
export function arrayElementLines(json: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectElement = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i]!;
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (/\s/.test(c)) continue;
    if (depth === 1 && expectElement && c !== ']') {
      lines.push(line);
      expectElement = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth === 1) expectElement = true;
    } else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 1) expectElement = true;
  }
  return lines;
}

function describeActionIssue(path: readonly PropertyKey[], message: string): string {
  const [index, ...rest] = path;
  const where = typeof index === 'number' ? `action ${index + 1}${rest.length > 0 ? ` '${fieldName(rest)}'` : ''}` : 'the log';
  return `${where}: ${message.replace(/^Invalid input: /, '')}`;
}

function listDir(abs: string): string[] {
  try {
    return readdirSync(abs).sort();
  } catch {
    return [];
  }
}

function isDir(abs: string): boolean {
  try {
    return statSync(abs).isDirectory();
  } catch {
    return false;
  }
}
