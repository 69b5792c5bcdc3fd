// Server side: a content question → the answer-free view the browser renders (./types).
// Texts are rendered and sanitised here so no Markdown parser ships to the browser.
import { renderMarkdownText, type Locale, type LocalizedText, type Question } from '@/app/_lib/content';
import { optionOrder } from './option-order';
import { shuffledOrder } from './ordering-state';
import type { QuestionView } from './types';

/** Inline Markdown for short texts (options, items): the single paragraph's content. */
export function inlineHtml(md: string): string {
  return unwrapParagraph(renderMarkdownText(md));
}

/** A choice's text as HTML and as plain text (accessible names cannot hold markup). */
function choice(id: string, md: string) {
  const html = inlineHtml(md);
  return { id, html, label: textOf(html) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", '#x3C': '<' };

/** The text of sanitised HTML: tags dropped, the entities rehype-stringify writes decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-fA-F]+|[a-z]+);/g, (m, name: string) => {
      if (ENTITIES[name]) return ENTITIES[name];
      if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return m;
    })
    .trim();
}

export function unwrapParagraph(html: string): string {
  const m = /^<p>([\s\S]*)<\/p>$/.exec(html.trim());
  return m && !m[1]!.includes('<p>') ? m[1]! : html;
}

/** A choice question's options in display order (./option-order): shuffled, pinned ones in place. */
function shownOptions(options: readonly { id: string; text: LocalizedText; fixed?: boolean | undefined }[], seed: string, locale: Locale) {
  const byId = new Map(options.map((o) => [o.id, o]));
  return optionOrder(options, seed).map((id) => choice(id, byId.get(id)!.text[locale]));
}

export function toQuestionView(question: Question, courseId: string, number: number, locale: Locale): QuestionView {
  const base = { id: question.id, courseId, number, promptHtml: renderMarkdownText(question.prompt[locale]) };
  switch (question.type) {
    case 'single':
    case 'multiple':
      return { ...base, type: question.type, options: shownOptions(question.options, question.id, locale) };
    case 'predict':
      return {
        ...base,
        type: 'predict',
        options: shownOptions(question.options, question.id, locale),
        observableHtml: inlineHtml(question.observable[locale]),
        commands: question.run,
      };
    case 'truefalse':
      return { ...base, type: 'truefalse' };
    case 'ordering': {
      const byId = new Map(question.items.map((it) => [it.id, it]));
      const order = shuffledOrder(question.items.map((it) => it.id), question.id);
      return { ...base, type: 'ordering', items: order.map((id) => choice(id, byId.get(id)!.text[locale])) };
    }
    case 'numeric':
      return { ...base, type: 'numeric', ...(question.unit ? { unit: question.unit[locale] } : {}) };
    case 'short':
      return { ...base, type: 'short' };
    case 'classify':
      return {
        ...base,
        type: 'classify',
        buckets: question.buckets.map((b) => choice(b.id, b.label[locale])),
        // items are shown in a fixed mixed order too, so buckets are not given away by grouping
        items: shuffledOrder(question.items.map((it) => it.id), question.id).map((id) => choice(id, question.items.find((it) => it.id === id)!.text[locale])),
      };
  }
}
