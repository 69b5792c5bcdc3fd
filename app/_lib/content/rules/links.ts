// Links in a lesson must lead somewhere: the sanitiser drops a link to anything but http(s)
// or mailto, and a relative link is resolved by the browser against the lesson's own URL
// (/<locale>/courses/<course>/lessons/<lesson>), where a GitHub-style path to a Markdown
// file or a wrong number of `../` ends on the not-found page.
import type { ContentSet } from '../content-set';
import type { ParsedLesson } from '../markdown/parse';
import { walk } from '../markdown/parse';
import type { Problem } from '../problems';
import type { Locale } from '../schemas';

const SITE = 'https://reconcile.invalid';
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const HOW = "link a lesson of this course by its id ([Raft](raft)), another course's lesson as /LOCALE/courses/<course>/lessons/<lesson>, a lab as /LOCALE/labs/<lab-id>";

export function checkLessonLinks(version: ParsedLesson, locale: Locale, courseId: string, lessonId: string, content: ContentSet): Problem[] {
  const problems: Problem[] = [];
  const how = HOW.replaceAll('LOCALE', locale);
  walk(version.tree, (node) => {
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
    const url = node.url.trim();
    const at = { file: version.file, line: node.position?.start.line };
    if (url === '') return;
    if (url.startsWith('#')) {
      const problem = anchorProblem(url.slice(1), version);
      if (problem !== undefined) problems.push({ ...at, message: `the link '${url}' goes to a heading this lesson does not have; ${problem}` });
      return;
    }
    const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(url)?.[1]?.toLowerCase();
    if (scheme !== undefined) {
      if (!ALLOWED_SCHEMES.has(scheme)) problems.push({ ...at, message: `the link '${url}' uses ${scheme}, which the page removes; link to http(s), mailto or a page of this site` });
      return;
    }
    if (url.startsWith('//')) return; // another host, as the page's own scheme
    const target = new URL(url, `${SITE}/${locale}/courses/${courseId}/lessons/${lessonId}`).pathname.replace(/\/$/, '');
    const problem = pageProblem(target, locale, content);
    if (problem !== undefined) {
      problems.push({ ...at, message: `the link '${url}' goes to ${target}, ${problem}; ${how}` });
      return;
    }
    const hash = url.indexOf('#');
    const lesson = hash === -1 ? undefined : lessonAt(target, content)?.versions[locale];
    const anchor = lesson === undefined ? undefined : anchorProblem(url.slice(hash + 1), lesson);
    if (anchor !== undefined) problems.push({ ...at, message: `the link '${url}' goes to ${target}, which has no such heading; ${anchor}` });
  });
  return problems;
}

/** Why `#fragment` names no heading of `lesson`, or undefined when it names one (or nothing: `#` alone is the top). */
function anchorProblem(fragment: string, lesson: ParsedLesson): string | undefined {
  if (fragment === '') return undefined;
  let decoded = fragment;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    // a malformed escape is compared as written
  }
  const slugs = lesson.headings.map((h) => h.slug);
  if (slugs.includes(decoded)) return undefined;
  const list = slugs.length === 0 ? 'it has no headings' : `its headings are ${slugs.slice(0, 8).map((s) => `#${s}`).join(', ')}${slugs.length > 8 ? ', …' : ''}`;
  return `${list} (a heading's anchor is its text in lower case, punctuation removed, spaces as -: "## Roles and terms" is #roles-and-terms, "## 역할과 용어" is #역할과-용어)`;
}

/** The lesson a page path (/<locale>/courses/<course>/lessons/<lesson>) shows, if it is one. */
function lessonAt(path: string, content: ContentSet) {
  const [, , section, courseId, sub, lessonId, ...more] = path.split('/').map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  if (section !== 'courses' || sub !== 'lessons' || lessonId === undefined || more.length > 0) return undefined;
  return content.courses.find((c) => c.id === courseId)?.lessons.find((l) => l.id === lessonId);
}

/** Why `path` is not a page a lesson may link to, or undefined when it is one. */
function pageProblem(path: string, locale: Locale, content: ContentSet): string | undefined {
  if (/\.md$/i.test(path)) return 'a Markdown file, not a page';
  let parts: string[];
  try {
    parts = path.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return 'which has a malformed %-escape (write %25 for a literal %)';
  }
  if (parts[0] !== locale) return parts[0] === 'ko' || parts[0] === 'en' ? `a page in the other language (this file is the ${locale === 'ko' ? 'Korean' : 'English'} one)` : 'which is not a page';
  const [, section, id, sub, lesson, ...more] = parts;
  if (section === 'courses') {
    if (id === undefined) return undefined;
    const course = content.courses.find((c) => c.id === id);
    if (!course) return `but there is no course '${id}'`;
    if (sub === undefined) return undefined;
    if (sub === 'lessons' && lesson !== undefined && more.length === 0) {
      return course.lessons.some((l) => l.id === lesson) ? undefined : `but course '${id}' has no lesson '${lesson}'${lessonHint(course.lessons.map((l) => l.id), lesson)}`;
    }
    return 'which is not a page';
  }
  // a lab whose lab.yaml has problems exists: its own problems say what to fix
  if (section === 'labs' && id !== undefined && sub === undefined) return content.labs.has(id) || content.unreadable?.labs.has(id) ? undefined : `but there is no lab '${id}'`;
  if (section === 'progress' && id === undefined) return undefined;
  return 'which is not a page';
}

/** `04-raft` is a folder; the page is `raft`. */
function lessonHint(ids: string[], written: string): string {
  const id = /^\d{2}-(.+)$/.exec(written)?.[1];
  return id !== undefined && ids.includes(id) ? ` (the URL uses the lesson id '${id}', not the folder name)` : '';
}
