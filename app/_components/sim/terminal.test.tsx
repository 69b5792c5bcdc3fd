// The terminal's echo of the command in flight comes from the page's sim state — the
// lab's Apply sends `kubectl apply -f …` without the input, and the echo must be it, not
// the line the learner typed before.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import en from '../../../messages/en.json';
import ko from '../../../messages/ko.json';
import type { TerminalEntry } from './sim-state';
import { Terminal } from './terminal';

function render(props: { busy: boolean; pending?: string; entries?: TerminalEntry[] }, locale: 'en' | 'ko' = 'en'): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ko} timeZone="UTC">
      <Terminal entries={[]} suggested={[]} members={[]} onRun={() => {}} {...props} />
    </NextIntlClientProvider>,
  );
}

describe('the terminal’s pending echo', () => {
  it('shows the command in flight the sim state names, while busy', () => {
    const html = render({ busy: true, pending: 'kubectl apply -f web.yaml' });
    expect(html).toMatch(/data-testid="terminal-pending".*kubectl apply -f web\.yaml/s);
    expect(html).toContain('Running…');
  });

  it('shows no echo once nothing is in flight', () => {
    expect(render({ busy: false, pending: 'kubectl apply -f web.yaml' })).not.toContain('terminal-pending');
    expect(render({ busy: true })).not.toContain('terminal-pending');
  });
});

describe('the terminal’s budget sentences', () => {
  const line = 'sim tick 250000';
  const stderr = 'sim tick: only 1500 ticks (15s) of simulated time are left in this lab (its cap is 200000 ticks); run sim tick 1500 or less\n';
  const entries: TerminalEntry[] = [{ id: 1, origin: 'learner', result: { line, stdout: '', stderr, exitCode: 1, budget: { kind: 'only-left', left: 1500, cap: 200_000 } } }];

  it('are Korean in the Korean UI', () => {
    const html = render({ busy: false, entries }, 'ko');
    expect(html).toContain('남은 시뮬레이션 시간은 1500틱(15초)뿐입니다');
    expect(html).not.toContain('are left in this lab');
  });

  it('are sim-core’s own sentence in the English UI', () => {
    expect(render({ busy: false, entries })).toContain(stderr.trim());
  });
});
