// The rendered lesson is one HTML string with inert placeholders where the directives
// were (`<div data-directive="sim" data-scenario="…"></div>`, see
// app/_lib/content/markdown/render.ts). The page splits it there and renders the live
// parts (cluster view, quiz, lab link) as components between the HTML pieces.
export type LessonSegment =
  | { kind: 'html'; html: string }
  | { kind: 'sim'; scenarioId: string }
  | { kind: 'quiz'; quizId: string }
  | { kind: 'lab'; labId: string };

const PLACEHOLDER = /<div data-directive="(sim|quiz|lab)" data-(?:scenario|id)="([^"]*)"><\/div>/g;

export function splitAtDirectives(html: string): LessonSegment[] {
  const segments: LessonSegment[] = [];
  let last = 0;
  for (const m of html.matchAll(PLACEHOLDER)) {
    const before = html.slice(last, m.index).trim();
    if (before) segments.push({ kind: 'html', html: before });
    const [, name, value] = m as unknown as [string, 'sim' | 'quiz' | 'lab', string];
    if (name === 'sim') segments.push({ kind: 'sim', scenarioId: value });
    else if (name === 'quiz') segments.push({ kind: 'quiz', quizId: value });
    else segments.push({ kind: 'lab', labId: value });
    last = m.index + m[0].length;
  }
  const rest = html.slice(last).trim();
  if (rest) segments.push({ kind: 'html', html: rest });
  return segments;
}
