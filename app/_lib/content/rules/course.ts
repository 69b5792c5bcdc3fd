// Rules across files: what course.yaml lists must exist, every directive's target must
// exist, question ids are unique in a course, every lesson has both languages and a quiz.
import type { ContentSet, LoadedCourse, LoadedLesson } from '../content-set';
import type { Problem } from '../problems';
import { fieldName } from '../schema-problems';
import { LOCALES } from '../schemas';
import { checkLessonLanguage, hasHangul } from './language';
import { checkLessonLinks } from './links';
import { checkLessonParity, checkQuestionParity } from './parity';
import { localizedTexts } from './quiz';
import { checkQuiz } from './quiz';

export function checkCourse(course: LoadedCourse, content: ContentSet): Problem[] {
  const problems: Problem[] = [];
  const listed = course.course?.lessons ?? [];
  const folders = new Map(course.lessons.map((l) => [l.id, l]));

  const seen = new Set<string>();
  for (const id of listed) {
    if (seen.has(id)) problems.push({ file: course.file, message: `the lesson '${id}' is listed twice in lessons:; list it once` });
    seen.add(id);
    if (!folders.has(id)) {
      problems.push({
        file: course.file,
        message: `the lesson '${id}' is listed in course.yaml but has no folder; create ${course.dir}/lessons/<nn>-${id}/ or remove it from lessons:`,
      });
    }
  }
  if (course.course) {
    for (const lesson of course.lessons) {
      if (!listed.includes(lesson.id)) {
        problems.push({ file: lesson.dir, message: `the lesson folder '${lesson.folder}' is not listed in course.yaml; add '${lesson.id}' to lessons: or remove the folder` });
      }
    }
    const labsSeen = new Set<string>();
    for (const labId of course.course.labs) {
      if (labsSeen.has(labId)) problems.push({ file: course.file, message: `the lab '${labId}' is listed twice in labs:; list it once` });
      labsSeen.add(labId);
      if (!content.labs.has(labId) && !content.unreadable?.labs.has(labId)) {
        problems.push({ file: course.file, message: `the lab '${labId}' is listed but ${contentPath(content, `labs/${labId}/lab.yaml`)} does not exist; create it or fix the name` });
      }
    }
  }

  const questionIds = new Map<string, string>();
  for (const lesson of course.lessons) {
    problems.push(...checkLesson(lesson, course.id, content));
    if (!lesson.quiz) continue;
    for (const [i, q] of lesson.quiz.quiz.questions.entries()) {
      const other = questionIds.get(q.id);
      if (other !== undefined) {
        problems.push({
          file: lesson.quiz.file,
          line: lesson.quiz.lineOf(['questions', i, 'id']),
          subject: `quiz '${lesson.quiz.quiz.id}' question '${q.id}'`,
          message: `the question id '${q.id}' is already used ${other === lesson.quiz.file ? 'earlier in this quiz' : `in ${other}`}; question ids must be unique in the course`,
        });
      } else questionIds.set(q.id, lesson.quiz.file);
    }
  }
  return problems;
}

function checkLesson(lesson: LoadedLesson, courseId: string, content: ContentSet): Problem[] {
  const problems: Problem[] = [];
  for (const locale of LOCALES) {
    if (!lesson.versions[locale]) {
      problems.push({ file: `${lesson.dir}/index.${locale}.md`, message: `the ${locale === 'ko' ? 'Korean' : 'English'} version of lesson '${lesson.id}' is missing; write index.${locale}.md` });
    }
  }
  for (const locale of LOCALES) {
    const version = lesson.versions[locale];
    if (!version) continue;
    problems.push(...version.problems);
    problems.push(...checkLessonLinks(version, locale, courseId, lesson.id, content));
    for (const message of checkLessonLanguage(version, locale)) problems.push({ file: version.file, line: 2, subject: 'front matter', message });
    if (!version.directives.some((d) => d.name === 'sim')) {
      problems.push({ file: version.file, message: 'the lesson embeds no simulation; add ::sim{scenario=…} where the learner should try something' });
    }
    for (const d of version.directives) {
      const at = { file: version.file, line: d.line };
      if (d.name === 'sim' && !content.scenarios.has(d.scenario) && !content.unreadable?.scenarios.has(d.scenario)) {
        problems.push({ ...at, message: `::sim names the scenario '${d.scenario}', which does not exist; create ${contentPath(content, `scenarios/${d.scenario}.yaml`)} or fix the name` });
      }
      if (d.name === 'quiz' && d.id !== lesson.id) {
        problems.push({ ...at, message: `::quiz{id=${d.id}} must embed this lesson's own quiz; write ::quiz{id=${lesson.id}}` });
      }
      if (d.name === 'quiz' && d.id === lesson.id && !lesson.quiz && !lesson.quizInvalid) {
        problems.push({ ...at, message: `::quiz{id=${d.id}} embeds a quiz, but ${lesson.dir}/quiz.yaml is missing; write it` });
      }
      if (d.name === 'lab' && !content.labs.has(d.id) && !content.unreadable?.labs.has(d.id)) {
        problems.push({ ...at, message: `::lab names the lab '${d.id}', which does not exist; create ${contentPath(content, `labs/${d.id}/lab.yaml`)} or fix the name` });
      }
    }
  }
  if (lesson.versions.ko && lesson.versions.en) problems.push(...checkLessonParity(lesson.versions.ko, lesson.versions.en));

  const quiz = lesson.quiz;
  if (!quiz) {
    if (!lesson.quizInvalid) problems.push({ file: `${lesson.dir}/quiz.yaml`, message: `lesson '${lesson.id}' has no quiz.yaml; every lesson ends with a quiz, so write one` });
    return problems;
  }
  problems.push(
    ...checkQuiz(quiz, {
      lessonId: lesson.id,
      misconceptions: new Set(content.misconceptions.keys()),
      misconceptionsFile: content.misconceptionsFile,
    }),
  );
  quiz.quiz.questions.forEach((q, i) => {
    for (const p of checkQuestionParity(q)) {
      problems.push({ file: quiz.file, line: quiz.lineOf(['questions', i, ...p.path]), subject: `quiz '${quiz.quiz.id}' question '${q.id}'`, message: p.message });
    }
    for (const [path, text] of localizedTexts(q)) {
      if (hasHangul(text.en)) {
        problems.push({
          file: quiz.file,
          line: quiz.lineOf(['questions', i, ...path, 'en']),
          subject: `quiz '${quiz.quiz.id}' question '${q.id}'`,
          message: `'${fieldName([...path, 'en'])}' contains Korean; write the English text there (were ko and en swapped?)`,
        });
      }
    }
    if (q.type === 'predict' && !content.scenarios.has(q.scenario) && !content.unreadable?.scenarios.has(q.scenario)) {
      problems.push({
        file: quiz.file,
        line: quiz.lineOf(['questions', i, 'scenario']),
        subject: `quiz '${quiz.quiz.id}' question '${q.id}'`,
        message: `the scenario '${q.scenario}' does not exist; create ${contentPath(content, `scenarios/${q.scenario}.yaml`)} or fix the name`,
      });
    }
  });
  return problems;
}

/** Every lab folder is listed by a course, as every lesson folder is (a lab no course lists is on no course page), and every listed lab is embedded by a lesson. */
export function checkLabsListed(content: ContentSet): Problem[] {
  // with a course.yaml that could not be read, what it lists is unknown
  if (content.courses.some((c) => c.course === undefined)) return [];
  const listed = new Set(content.courses.flatMap((c) => c.course!.labs));
  const problems: Problem[] = [];
  for (const lab of content.labs.values()) {
    if (listed.has(lab.lab.id)) continue;
    const courses = content.courses.map((c) => c.file);
    problems.push({
      file: lab.dir,
      message: `the lab folder '${lab.lab.id}' is not listed in any course.yaml; add '${lab.lab.id}' to labs: in ${courses.length === 1 ? courses[0] : `one of ${courses.join(', ')}`} or remove the folder`,
    });
  }
  // the course page shows a lab under the lesson that embeds it: one no lesson embeds is reachable only by typing its address
  for (const c of content.courses) {
    const embedded = new Set(c.lessons.flatMap((l) => Object.values(l.versions).flatMap((v) => v?.directives.flatMap((d) => (d.name === 'lab' ? [d.id] : [])) ?? [])));
    for (const id of c.course!.labs) {
      if (embedded.has(id) || !content.labs.has(id)) continue;
      problems.push({ file: c.file, subject: `lab '${id}'`, message: `the course lists the lab '${id}', but no lesson embeds it, so no page links to it; add ::lab{id=${id}} to the lesson it practises (both languages)` });
    }
  }
  return problems;
}

/** A path inside the content folder as problems show it (the folder need not be named content/). */
function contentPath(content: ContentSet, inside: string): string {
  const root = content.misconceptionsFile.replace(/\/?misconceptions\.yaml$/, '');
  return root === '' ? inside : `${root}/${inside}`;
}
