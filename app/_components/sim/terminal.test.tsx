// The terminal's echo of the command in flight comes from the page's sim state — the
// lab's Apply sends `kubectl apply -f …` without the input, and the echo must be it, not
// the line the learner typed before.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import en from '../../../messages/en.json';
import ko from '../../../messages/ko.json';
import type { PendingCommand, TerminalEntry } from './sim-state';
import { Terminal } from './terminal';
import type { TerminalEdit } from './use-kubectl-edit';

function render(props: { busy: boolean; pending?: PendingCommand; entries?: TerminalEntry[]; edit?: TerminalEdit; running?: string; onStopWatch?: () => void; paused?: boolean }, locale: 'en' | 'ko' = 'en'): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ko} timeZone="UTC">
      <Terminal entries={[]} suggested={[]} members={[]} onRun={() => {}} {...props} />
    </NextIntlClientProvider>,
  );
}

describe('the terminal’s pending echo', () => {
  it('shows the command in flight the sim state names, while busy', () => {
    const html = render({ busy: true, pending: { line: 'kubectl apply -f web.yaml' } });
    expect(html).toMatch(/data-testid="terminal-pending".*kubectl apply -f web\.yaml/s);
    expect(html).toContain('Running…');
  });

  it('shows no echo once nothing is in flight', () => {
    expect(render({ busy: false, pending: { line: 'kubectl apply -f web.yaml' } })).not.toContain('terminal-pending');
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

describe('the terminal’s here-documents', () => {
  /** the text a reader sees, tags dropped and entities decoded */
  const text = (html: string) => html.replace(/<\/pre>/g, '\n').replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
  const stdin = 'mod("k") = "4"\n\nput k v\n\nget k\n\n';

  it('echoes a command that read stdin as the here-document that gave it, in flight and answered', () => {
    const shown = ['$ etcdctl txn <<EOF', '> mod("k") = "4"', '> ', '> put k v', '> ', '> get k', '> ', '> EOF'].join('\n');
    expect(text(render({ busy: true, pending: { line: 'etcdctl txn', stdin } }))).toContain(shown);
    const entries: TerminalEntry[] = [{ id: 1, origin: 'learner', result: { line: 'etcdctl txn', stdin, stdout: 'FAILURE\n\nk\nv\n', stderr: '', exitCode: 0 } }];
    expect(text(render({ busy: false, entries }))).toContain(`${shown}\nFAILURE`);
  });

  it('shows a cancelled line with ^C and no exit code', () => {
    const entries: TerminalEntry[] = [
      { id: 1, origin: 'learner', result: { line: 'etcdctl txn <<EOF', stdout: '', stderr: '', exitCode: 130 }, interrupted: { lines: ['mod("k") = "4"', 'pu'] } },
      { id: 2, origin: 'learner', result: { line: 'etcdctl ge', stdout: '', stderr: '', exitCode: 130 }, interrupted: { lines: [] } },
    ];
    const shown = text(render({ busy: false, entries }));
    expect(shown).toContain('$ etcdctl txn <<EOF\n> mod("k") = "4"\n> pu^C\n$ etcdctl ge^C');
    expect(shown).not.toContain('exit code');
  });

  it('keeps the input’s accessible name and says how here-documents and pastes work, in both languages', () => {
    const en = render({ busy: false });
    expect(en).toContain('aria-label="Terminal"');
    expect(text(en)).toContain('End a line with <<EOF');
    const ko = render({ busy: false }, 'ko');
    expect(ko).toContain('aria-label="터미널"');
    expect(text(ko)).toContain('줄 끝에 <<EOF');
  });
});

describe('the terminal’s kubectl edit', () => {
  const text = (html: string) => html.replace(/<\/pre>/g, '\n').replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
  const saved = 'apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: 3\n';

  it('echoes a save (or Cancel’s unchanged file) as the line and a note, not as the file it read; a typed here-document as one', () => {
    const entries: TerminalEntry[] = [
      { id: 1, origin: 'learner', result: { line: 'kubectl edit deploy/web', stdin: saved, stdout: 'deployment.apps/web edited\n', stderr: '', exitCode: 0 } },
      { id: 2, origin: 'learner', result: { line: 'kubectl edit deploy/web', stdin: saved, heredoc: "<<'END'", stdout: 'deployment.apps/web edited\n', stderr: '', exitCode: 0 } },
    ];
    const shown = text(render({ busy: false, entries }));
    expect(shown).toContain('$ kubectl edit deploy/web # from the editor\ndeployment.apps/web edited');
    expect(shown).toContain("$ kubectl edit deploy/web <<'END'\n> apiVersion: apps/v1");
    expect(shown.match(/> kind: Deployment/g)).toHaveLength(1);
    expect(text(render({ busy: true, pending: { line: 'kubectl edit deploy/web', stdin: saved } }, 'ko'))).toContain('$ kubectl edit deploy/web # 편집기에서');
  });

  it('shows the dialog named after the objects, with the paused clock said and Save and Cancel, in both languages', () => {
    const edit: TerminalEdit = {
      session: { line: 'kubectl edit deploy/web', title: 'deployment.apps/web', more: 0, language: 'yaml', buffer: saved, opened: saved, resume: true, after: [], refusal: 'error: deployments.apps "web" is invalid\n' },
      saving: false,
      takes: () => true,
      open: () => {},
      save: () => {},
      cancel: () => {},
    };
    const en = render({ busy: false, edit });
    expect(en).toMatch(/<dialog[^>]*aria-labelledby="([^"]+)"[^>]*>.*<h2 id="\1"[^>]*>kubectl edit deployment\.apps\/web<\/h2>/s);
    expect(text(en)).toContain('The cluster\'s clock is paused while this editor is open.');
    expect(text(en)).toContain('kubectl could not apply the save and reopened the file.error: deployments.apps "web" is invalid');
    expect(en).toMatch(/>Cancel<\/button>/);
    expect(en).toMatch(/>Save and close<\/button>/);
    const ko = render({ busy: false, edit }, 'ko');
    expect(ko).toMatch(/>취소<\/button>/);
    expect(ko).toMatch(/>저장하고 닫기<\/button>/);
    expect(text(ko)).toContain('이 편집기가 열려 있는 동안 클러스터의 시계는 멈춰 있습니다.');
    expect(render({ busy: false, edit: { ...edit, session: undefined } })).not.toContain('<dialog');
  });

  it('names the first objects of a long file in the dialog’s title and counts the rest, in both languages', () => {
    const session = { line: 'kubectl edit events', title: 'event/a, event/b, event/c', more: 57, language: 'yaml' as const, buffer: saved, opened: saved, resume: false, after: [] };
    const edit: TerminalEdit = { session, saving: false, takes: () => true, open: () => {}, save: () => {}, cancel: () => {} };
    const en = render({ busy: false, edit });
    expect(en).toMatch(/<h2 id="[^"]+"[^>]*>kubectl edit event\/a, event\/b, event\/c and 57 more<\/h2>/);
    expect(render({ busy: false, edit }, 'ko')).toMatch(/<h2 id="[^"]+"[^>]*>kubectl edit event\/a, event\/b, event\/c 외 57개<\/h2>/);
  });
});

describe('the terminal’s running watch', () => {
  const text = (html: string) => html.replace(/<\/pre>/g, '\n').replace(/<[^>]+>/g, '').replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
  const line = 'kubectl get pods -w';
  const entries: TerminalEntry[] = [
    { id: 1, origin: 'learner', result: { line, stdout: 'NAME    READY\nweb-1   0/1\n', stderr: '', exitCode: 0, watch: 'running' } },
    { id: 2, origin: 'learner', result: { line: 'kubectl scale deploy/web --replicas=0', stdout: 'deployment.apps/web scaled\n', stderr: '', exitCode: 0 } },
    { id: 3, origin: 'learner', result: { line, stdout: 'web-1   0/1\n', stderr: '', exitCode: 130, watch: 'stopped' }, continued: true },
  ];

  it('prints its later rows under what ran meanwhile with no prompt line of their own, and ^C where it was stopped, with no exit code', () => {
    const shown = text(render({ busy: false, entries }));
    expect(shown).toContain(['$ kubectl get pods -w', 'NAME    READY', 'web-1   0/1', '$ kubectl scale deploy/web --replicas=0', 'deployment.apps/web scaled', '↳ kubectl get pods -w (continued)web-1   0/1', '^C'].join('\n'));
    expect(shown.match(/\$ kubectl get pods -w/g)).toHaveLength(1);
    // named in the page's language, so that what it prints under other commands (its end too) reads as its own
    expect(text(render({ busy: false, entries }, 'ko'))).toContain('↳ kubectl get pods -w (이어서)web-1   0/1');
    expect(shown).not.toContain('130');
  });

  it('says what still runs and offers a Stop button while it runs, in both languages; nothing of it once it is over', () => {
    const en = render({ busy: false, entries: entries.slice(0, 1), running: line, onStopWatch: () => {} });
    expect(en).toMatch(/<button type="button"[^>]*aria-describedby="[^"]+"[^>]*>Stop watching<\/button>/);
    expect(en).toContain('Still running: kubectl get pods -w');
    const ko = render({ busy: false, entries: entries.slice(0, 1), running: line, onStopWatch: () => {} }, 'ko');
    expect(ko).toContain('지켜보기 멈추기</button>');
    expect(ko).toContain('아직 실행 중: kubectl get pods -w');
    // said as the input's description, not in the status region that speaks after every command
    expect(en).toMatch(/<p id="([^"]+)"[^>]*data-testid="terminal-watching"[^>]*>Still running/);
    const watchingId = /<p id="([^"]+)"[^>]*data-testid="terminal-watching"/.exec(en)![1]!;
    expect(en).toMatch(new RegExp(`aria-label="Terminal"[^>]*aria-describedby="[^"]*${watchingId.replace(/[:]/g, '\\$&')}`));
    expect(/role="status"[^>]*>[^<]*Still running/.test(en)).toBe(false);
    expect(en).not.toContain('press Play');
    expect(render({ busy: false, entries: entries.slice(0, 1), running: line, onStopWatch: () => {}, paused: true })).toContain('The clock is paused: press Play to let time pass.');
    const over = render({ busy: false, entries });
    expect(over).not.toContain('Stop watching');
    expect(over).not.toContain('Still running');
  });
});
