// Authored one-line text with Markdown's inline code (`app=web`): goal descriptions,
// grading explanations, course and lesson summaries. Only backticks are read — as Markdown's code spans are (a run of
// N backticks closes at the next run of exactly N) — and the text stays text: React
// escapes it, no HTML is ever parsed. An unclosed backtick is shown as it is.
import { Fragment, type ReactNode } from 'react';

export type InlinePart = { code: boolean; text: string };

/** The text cut into plain runs and code spans. */
export function splitInlineCode(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '`') {
      plain += text[i];
      i++;
      continue;
    }
    let n = 0;
    while (text[i + n] === '`') n++;
    const fence = '`'.repeat(n);
    // the closing run: exactly n backticks, not part of a longer run
    let close = text.indexOf(fence, i + n);
    while (close !== -1 && (text[close + n] === '`' || text[close - 1] === '`')) {
      let end = close;
      while (text[end] === '`') end++;
      close = text.indexOf(fence, end);
    }
    if (close === -1) {
      plain += fence;
      i += n;
      continue;
    }
    let code = text.slice(i + n, close);
    // CommonMark: one space each side is stripped when both are there and the span is not all spaces
    if (code.length >= 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
    if (plain !== '') parts.push({ code: false, text: plain });
    plain = '';
    parts.push({ code: true, text: code });
    i = close + n;
  }
  if (plain !== '') parts.push({ code: false, text: plain });
  return parts;
}

/** The same text without its backticks, for where only plain text goes (a page's meta description). */
export function plainInlineCode(text: string): string {
  return splitInlineCode(text)
    .map((p) => p.text)
    .join('');
}

export function InlineCode({ text }: { text: string }): ReactNode {
  return splitInlineCode(text).map((p, i) => (p.code ? <code key={i}>{p.text}</code> : <Fragment key={i}>{p.text}</Fragment>));
}
