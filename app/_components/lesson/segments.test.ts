import { describe, expect, it } from 'vitest';
import { renderLesson } from '@/app/_lib/content';
import { splitAtDirectives } from './segments';

const lesson = `---
title: Raft
summary: S
minutes: 5
objectives: [O]
---

Intro with \`code\`.

::sim{scenario=l4-raft-three}

:::note
A side note.
:::

Between.

::quiz{id=raft}

::lab{id=first-lab}
`;

describe('splitAtDirectives', () => {
  it('cuts the rendered lesson at sim, quiz and lab placeholders, in order, keeping callouts in the HTML', () => {
    const rendered = renderLesson(lesson, 'l.md');
    expect(rendered.ok).toBe(true);
    if (!rendered.ok) return;
    const segments = splitAtDirectives(rendered.html);
    expect(segments.map((s) => s.kind)).toEqual(['html', 'sim', 'html', 'quiz', 'lab']);
    expect(segments[1]).toEqual({ kind: 'sim', scenarioId: 'l4-raft-three' });
    expect(segments[3]).toEqual({ kind: 'quiz', quizId: 'raft' });
    expect(segments[4]).toEqual({ kind: 'lab', labId: 'first-lab' });
    const middle = segments[2];
    expect(middle?.kind === 'html' && middle.html).toContain('class="callout callout-note"');
    expect(middle?.kind === 'html' && middle.html).toContain('Between.');
  });

  it('returns the whole HTML when there is no directive', () => {
    expect(splitAtDirectives('<p>only text</p>')).toEqual([{ kind: 'html', html: '<p>only text</p>' }]);
  });
});
