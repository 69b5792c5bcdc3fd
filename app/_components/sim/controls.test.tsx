// Play and Step in a lab whose simulated time is used up: marked unavailable (still
// focusable) and described by a note saying why, in both languages — never a button that
// silently does nothing.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import en from '../../../messages/en.json';
import ko from '../../../messages/ko.json';
import { adjustTimeUpPress, Controls, type TimeUpPress } from './controls';

function render(props: { timeUp?: boolean; playing?: boolean }, locale: 'en' | 'ko' = 'en'): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ko} timeZone="UTC">
      <Controls playing={props.playing ?? false} speed={10} send={() => {}} showReset={false} {...(props.timeUp !== undefined ? { timeUp: props.timeUp } : {})} />
    </NextIntlClientProvider>,
  );
}

/** the opening tag of the button whose text contains `label` */
function button(html: string, label: string): string {
  const m = new RegExp(`<button[^>]*>(?:(?!</button>).)*${label}`, 's').exec(html);
  if (m === null) throw new Error(`no ${label} button`);
  return m[0].slice(0, m[0].indexOf('>') + 1);
}

describe('Play and Step when the lab’s time is used up', () => {
  it('are marked unavailable and described by a note saying why', () => {
    const html = render({ timeUp: true });
    const note = /<p id="([^"]+)"[^>]*data-testid="time-up"[^>]*>([^<]*)<\/p>/.exec(html);
    expect(note?.[2]).toContain('Play and Step are off');
    for (const label of ['Play', 'Step']) {
      const tag = button(html, label);
      expect(tag).toContain('aria-disabled="true"');
      expect(tag).toContain(`aria-describedby="${note?.[1]}"`);
      expect(tag).not.toContain(' disabled=""'); // still focusable: the note is read with it
    }
    expect(html).toContain('role="status"');
  });

  it('say so in Korean in the Korean UI', () => {
    const html = render({ timeUp: true }, 'ko');
    expect(html).toContain('재생과 한 단계를 쓸 수 없습니다');
    expect(button(html, '재생')).toContain('aria-disabled="true"');
  });

  it('leave Pause available while the cluster still plays, and everything available while time is left', () => {
    expect(button(render({ timeUp: true, playing: true }), 'Pause')).not.toContain('aria-disabled');
    const html = render({ timeUp: false });
    expect(html).not.toContain('aria-disabled');
    expect(html).not.toContain('data-testid="time-up"');
    expect(render({})).not.toContain('aria-disabled');
  });
});

describe('the pressed-while-time-is-up message across a Reset', () => {
  it('is kept while the time stays used up, forgotten once there is time again, and not brought back by the next spell', () => {
    const pressedStep: TimeUpPress = { timeUp: true, pressed: 'step' };
    expect(adjustTimeUpPress(pressedStep, true)).toBe(pressedStep); // nothing changed: same state, no re-render
    const afterReset = adjustTimeUpPress(pressedStep, false);
    expect(afterReset).toEqual({ timeUp: false, pressed: undefined });
    // the time runs out again: no message until a button is pressed in this spell
    expect(adjustTimeUpPress(afterReset, true)).toEqual({ timeUp: true, pressed: undefined });
  });

  it('starts with no message when the page opens with the time already used up', () => {
    const first: TimeUpPress = { timeUp: true, pressed: undefined };
    expect(adjustTimeUpPress(first, true)).toBe(first);
    expect(render({ timeUp: true })).toMatch(/<p role="status"[^>]*><\/p>/);
  });
});
