// What Submit shows while it waits on a busy server and after each failed answer, in
// both languages: the countdown where each language puts it in the sentence (Korean says
// the time first), hidden from screen readers, and a message of its own for every reason.
import { describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import en from '../../../messages/en.json';
import ko from '../../../messages/ko.json';
import { SubmitPanel } from './submit-panel';
import type { RetryWaiting, SubmitOutcome } from './submission';

// the sign-in link of a guest's verdict is next-intl's, which needs Next's router; none is drawn here
vi.mock('@/app/_lib/i18n/navigation', () => ({ Link: () => null }));

function render(locale: 'en' | 'ko', props: { waiting?: RetryWaiting; outcome?: SubmitOutcome }): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ko} timeZone="UTC" onError={(e) => { throw e; }}>
      <SubmitPanel labId="first-deployment" locale={locale} goals={[]} canSubmit submitting={props.waiting !== undefined} outcome={props.outcome} onSubmit={() => {}} waiting={props.waiting} onStopWaiting={() => {}} />
    </NextIntlClientProvider>,
  );
}

/** The text of the waiting sentence, with the countdown's hidden span marked [[…]]. */
function waitingText(html: string): string {
  const p = /data-testid="submit-waiting"><p[^>]*>(.*?)<\/p>/.exec(html)?.[1];
  if (p === undefined) throw new Error('no waiting sentence');
  return p.replace(/<span aria-hidden="true">(.*?)<\/span>/g, '[[$1]]').replace(/&#x27;/g, "'");
}

describe('Submit while the server is busy', () => {
  it('counts down after the sentence in English and before the verb in Korean, the seconds hidden from screen readers', () => {
    const waiting: RetryWaiting = { seconds: 5, attempt: 2, reason: 'busy' };
    expect(waitingText(render('en', { waiting }))).toBe("The graders are busy with other learners' attempts; your work is kept. Submitting again (try 2 of 6) [[in 5 s…]]");
    expect(waitingText(render('ko', { waiting }))).toBe('다른 학습자의 제출을 채점하느라 채점기가 바쁩니다. 작업은 그대로 남아 있습니다. [[5초 뒤]] 다시 제출합니다(6번 중 2번째)…');
    const inProgress: RetryWaiting = { seconds: 3, attempt: 4, reason: 'in-progress' };
    expect(waitingText(render('en', { waiting: inProgress }))).toBe('Your previous submission is still being graded. Submitting again (try 4 of 6) [[in 3 s…]]');
    expect(waitingText(render('ko', { waiting: inProgress }))).toBe('이전 제출을 아직 채점하고 있습니다. [[3초 뒤]] 다시 제출합니다(6번 중 4번째)…');
    expect(render('ko', { waiting })).toContain('>기다리지 않기</button>');
  });

  it('says what happened and what to do for every failed answer, a key conflict too, in both languages', () => {
    const reasons = ['signed-out', 'forbidden', 'rate-limited', 'in-progress', 'busy', 'key-conflict', 'server', 'network'] as const;
    for (const locale of ['en', 'ko'] as const) {
      const texts = reasons.map((reason) => /<p class="[^"]*">([^<]*)<\/p><\/div><\/section>$/.exec(render(locale, { outcome: { kind: 'retry', reason } }))?.[1]);
      expect(texts.every((t) => t !== undefined && t.length > 20)).toBe(true);
      expect(new Set(texts).size).toBe(reasons.length);
    }
    expect(render('en', { outcome: { kind: 'retry', reason: 'key-conflict' } })).toContain('submit again, and it goes as a new attempt');
    expect(render('ko', { outcome: { kind: 'retry', reason: 'key-conflict' } })).toContain('다시 제출하면 새 시도로 보냅니다');
  });
});
