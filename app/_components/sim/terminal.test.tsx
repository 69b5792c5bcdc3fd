// The terminal's echo of the command in flight comes from the page's sim state — the
// lab's Apply sends `kubectl apply -f …` without the input, and the echo must be it, not
// the line the learner typed before.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import en from '../../../messages/en.json';
import { Terminal } from './terminal';

function render(props: { busy: boolean; pending?: string }): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
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
