// The question card as the server renders it (and the browser hydrates it): the check
// button of an ordering question nobody has touched yet, the marks on the steps after a
// wrong answer, and the result panel's words, in both languages.
import { describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import en from '../../../messages/en.json';
import ko from '../../../messages/ko.json';
import { ClassifyInput } from './classify-input';
import { OrderingInput } from './ordering-input';
import { QuestionCard } from './question-card';
import { ResultPanel } from './result-panel';
import type { CheckAnswerResult, QuestionView } from './types';

// the server action is not called by a static render; its module needs the database
vi.mock('@/app/_lib/progress/actions', () => ({ checkAnswer: vi.fn() }));

function render(node: ReactNode, locale: 'en' | 'ko' = 'en'): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ko} timeZone="UTC">
      {node}
    </NextIntlClientProvider>,
  );
}

/** the opening tag of the button whose text contains `label` */
function button(html: string, label: string): string {
  const m = new RegExp(`<button[^>]*>(?:(?!</button>).)*${label}`, 's').exec(html);
  if (m === null) throw new Error(`no ${label} button`);
  return m[0].slice(0, m[0].indexOf('>') + 1);
}

const items = [
  { id: 'etcd', html: 'etcd', label: 'etcd' },
  { id: 'apiserver', html: 'API server', label: 'API server' },
  { id: 'kubectl', html: 'kubectl', label: 'kubectl' },
];
const base = { id: 'apply-chain', courseId: 'c', number: 1, promptHtml: '<p>Order</p>' };
const ordering: QuestionView = { ...base, type: 'ordering', items };

describe('an ordering question before any move', () => {
  it('offers Check answer as unavailable, still focusable, and described by a note saying why', () => {
    const html = render(<QuestionCard question={ordering} total={3} />);
    const note = /<p id="([^"]+)"[^>]*>([^<]*)<\/p>/.exec(html.slice(html.indexOf('quiz-actions')));
    expect(note?.[2]).toBe(en.quiz.moveFirst);
    const tag = button(html, 'Check answer');
    expect(tag).toContain('aria-disabled="true"');
    expect(tag).toContain(`aria-describedby="${note?.[1]}"`);
    expect(tag).not.toContain(' disabled=""');
  });

  it('says so in Korean in the Korean UI', () => {
    const html = render(<QuestionCard question={ordering} total={3} />, 'ko');
    expect(html).toContain('처음 순서는 무작위로 섞어 놓은 것');
    expect(button(html, '정답 확인')).toContain('aria-disabled="true"');
  });

  it('leaves Check answer available for the other types, whose empty answer is caught on press', () => {
    const single: QuestionView = { ...base, type: 'single', options: items };
    const html = render(<QuestionCard question={single} total={3} />);
    expect(button(html, 'Check answer')).toContain('aria-disabled="false"');
    expect(html).not.toContain(en.quiz.moveFirst);
  });
});

describe('after a wrong ordering answer', () => {
  const marks = new Map([
    ['etcd', 'wrong'],
    ['apiserver', 'right'],
    ['kubectl', 'wrong'],
  ] as const);

  it('marks each step as in place or not with an icon and a word, not colour alone', () => {
    const html = render(<OrderingInput promptId="p" items={items} order={['etcd', 'apiserver', 'kubectl']} disabled marks={marks} onChange={() => {}} />);
    const step = (id: string) => /<li[^>]*>([\s\S]*?)<\/li>/.exec(html.slice(html.indexOf(`data-item-id="${id}"`) - 40))![1]!;
    expect(step('etcd')).toContain('✗</span> Wrong place');
    expect(step('apiserver')).toContain('✓</span> In place');
    expect(step('kubectl')).toContain('✗</span> Wrong place');
    const koHtml = render(<OrderingInput promptId="p" items={items} order={['etcd', 'apiserver', 'kubectl']} disabled marks={marks} onChange={() => {}} />, 'ko');
    expect(koHtml).toContain('위치 틀림');
    expect(koHtml).toContain('위치 맞음');
  });

  it('says how many steps are out of place under the verdict', () => {
    const result: Extract<CheckAnswerResult, { ok: true }> = {
      ok: true,
      correct: false,
      score: 1 / 3,
      feedback: [{ html: '<p>Think about the order.</p>' }],
      explanationHtml: '<p>Because.</p>',
      misplaced: ['etcd', 'kubectl'],
      savedTo: 'guest',
      lessonCompleted: false,
    };
    expect(render(<ResultPanel result={result} labels={new Map()} />)).toContain('2 steps are in the wrong place, marked ✗.');
    expect(render(<ResultPanel result={result} labels={new Map()} />, 'ko')).toContain('위치가 틀린 항목 2개에 ✗ 표시를 했습니다.');
  });
});

describe('a classify question', () => {
  const buckets = [
    { id: 'record', html: 'Record', label: 'Record' },
    { id: 'process', html: 'Process', label: 'Process' },
  ];
  const classify: QuestionView = { ...base, type: 'classify', buckets, items };
  const input = (disabled: boolean, locale: 'en' | 'ko' = 'en') =>
    render(<ClassifyInput name="q-c" promptId="p" buckets={buckets} items={items} placements={{ etcd: 'record' }} disabled={disabled} onChange={() => {}} />, locale);

  it('says both ways to answer: drag an item into a group, or choose its group from the list', () => {
    expect(en.quiz.classifyHint).toMatch(/^Drag .*choose its group from the item’s list/);
    expect(ko.quiz.classifyHint).toMatch(/끌어다 놓거나.*목록에서 분류를 고르세요/);
    expect(render(<QuestionCard question={classify} total={3} />)).toContain(en.quiz.classifyHint);
    expect(render(<QuestionCard question={classify} total={3} />, 'ko')).toContain(ko.quiz.classifyHint);
  });

  it('lets each item be dragged, from its row and from its bucket, and keeps a labelled select per item', () => {
    const html = input(false);
    // three rows and the one item already in "Record"
    expect(html.match(/draggable="true"/g)).toHaveLength(items.length + 1);
    expect(html).toMatch(/<span class="classify-item-handle" draggable="true"><svg[^>]*aria-hidden="true"/);
    for (const i of items) expect(html).toContain(`<label for="q-c-${i.id}">${i.html}</label>`);
    expect(html).toMatch(/<section class="classify-bucket" aria-label="Record"><p[^>]*>Record<\/p><ul><li draggable="true">etcd<\/li><\/ul>/);
    expect(html).toContain('aria-live="polite"');
  });

  it('lets nothing be dragged once answered (read-only)', () => {
    const html = input(true);
    expect(html).not.toContain('draggable="true"');
    expect(html).not.toContain('<svg');
    expect(html.match(/<select[^>]* disabled=""/g)).toHaveLength(items.length);
  });
});

describe('the explanation after a wrong answer', () => {
  const wrong: Extract<CheckAnswerResult, { ok: true }> = {
    ok: true,
    correct: false,
    score: 0,
    feedback: [{ html: '<p>Think of the component every other one talks to.</p>' }],
    explanationHtml: '<p>The answer is kube-apiserver.</p>',
    savedTo: 'guest',
    lessonCompleted: false,
  };

  it('is held back behind a button while the feedback is shown', () => {
    const html = render(<ResultPanel result={wrong} labels={new Map()} showExplanation={false} onShowExplanation={() => {}} />);
    expect(html).toContain('Think of the component every other one talks to.');
    expect(html).not.toContain('kube-apiserver');
    expect(button(html, 'Show the explanation')).toContain('type="button"');
    expect(render(<ResultPanel result={wrong} labels={new Map()} showExplanation={false} onShowExplanation={() => {}} />, 'ko')).toContain('해설 보기');
  });

  it('is shown, under its title, when the card says so', () => {
    const html = render(<ResultPanel result={wrong} labels={new Map()} showExplanation />);
    expect(html).toContain('The answer is kube-apiserver.');
    expect(html).toContain('>Why</p>');
    expect(html).not.toContain('Show the explanation');
  });
});

describe('Enter in a number or short answer field', () => {
  /** the markup of the card's form, which must hold the answer field and Check answer */
  const formOf = (html: string) => {
    const m = /<form[^>]*>([\s\S]*?)<\/form>/.exec(html);
    if (m === null) throw new Error('no form in the card');
    return m[1]!;
  };

  it('submits the card’s form, as HTML submits a form with one text field and no submit button', () => {
    for (const q of [{ ...base, type: 'numeric', unit: 'ms' }, { ...base, type: 'short' }] as QuestionView[]) {
      const form = formOf(render(<QuestionCard question={q} total={3} />));
      expect(form.match(/<input[^>]*type="text"/g)).toHaveLength(1);
      expect(form).toContain('Check answer');
      // a submit button would be clicked by Enter on a radio too (Chrome), and two text fields would stop Enter submitting
      expect(form.match(/<button/g)?.length).toBe(form.match(/<button type="button"/g)?.length);
    }
  });

  it('keeps every button of a question type button, so Enter on a choice or a step submits nothing', () => {
    const single: QuestionView = { ...base, type: 'single', options: items };
    for (const q of [single, ordering]) {
      const form = formOf(render(<QuestionCard question={q} total={3} />));
      expect(form).not.toMatch(/<input[^>]*type="text"/);
      expect(form.match(/<button/g)?.length).toBe(form.match(/<button type="button"/g)?.length);
    }
  });
});

describe('Enter in a number or short answer field before the page’s scripts have loaded', () => {
  it('goes nowhere: the form submits as a dialog’s, not as a GET that reloads the page with the answer in the URL', () => {
    for (const q of [{ ...base, type: 'numeric', unit: 'ms' }, { ...base, type: 'short' }] as QuestionView[]) {
      const form = /<form[^>]*>/.exec(render(<QuestionCard question={q} total={3} />))![0];
      // method="dialog" outside a <dialog> ends the submission without navigating; an
      // action would be followed (javascript: URLs are refused by the CSP anyway)
      expect(form).toContain('method="dialog"');
      expect(form).not.toContain('action=');
    }
  });
});
