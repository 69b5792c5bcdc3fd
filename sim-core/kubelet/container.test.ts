// The runtime's state machines, tick by tick: pulls, start, readiness, crash loops.
import { describe, expect, it } from 'vitest';
import type { Container } from '../apiserver';
import { ContainerRuntime, CREATE_TICKS, ERR_SHOW_TICKS, EXIT_SHOW_TICKS } from './container';
import { crashLoopDelaySeconds } from './backoff';
import { lookupImage, parseImageRef } from './images';

function runtime(spec: Container, opts: { restartPolicy?: string; images?: Set<string> } = {}) {
  const images = opts.images ?? new Set<string>();
  let n = 0;
  const c = new ContainerRuntime(
    { name: 'app', ...spec },
    { name: 'web', namespace: 'default', uid: 'u1', restartPolicy: opts.restartPolicy ?? 'Always', gracePeriodSeconds: 30 },
    { has: (r) => images.has(r), add: (r) => images.add(r) },
    () => String(++n).padStart(64, '0'),
  );
  const events: string[] = [];
  const at = (tick: number) => {
    for (const e of c.advance(tick)) events.push(`${tick} ${e.reason}: ${e.message}`);
  };
  /** run every due transition up to `until` */
  const runTo = (until: number, from = 0) => {
    for (let t = from; t <= until; t++) at(t);
  };
  return { c, events, at, runTo, images };
}

const waiting = (c: ContainerRuntime, now: number) => c.status(now).state?.waiting;

describe('image references', () => {
  it('normalises names as containerd does', () => {
    expect(parseImageRef('nginx').canonical).toBe('docker.io/library/nginx:latest');
    expect(parseImageRef('nginx:1.27').canonical).toBe('docker.io/library/nginx:1.27');
    expect(parseImageRef('registry.k8s.io/pause:3.10').canonical).toBe('registry.k8s.io/pause:3.10');
    expect(lookupImage('redis:7').ok).toBe(true);
    expect(lookupImage('nginx:1.99').ok).toBe(false);
  });
});

describe('pull and start', () => {
  it('nginx: ContainerCreating while pulling, then Running and Ready', () => {
    const { c, events, runTo } = runtime({ image: 'nginx:1.27' });
    c.sandboxReady(0);
    expect(waiting(c, 0)).toEqual({ reason: 'ContainerCreating' });
    runTo(299);
    expect(c.status(299).state?.waiting?.reason).toBe('ContainerCreating');
    runTo(300 + CREATE_TICKS, 300);
    const s = c.status(330);
    expect(s.state?.running?.startedAt).toBe('2026-01-01T00:00:03Z');
    expect([s.ready, s.started, s.restartCount, s.image]).toEqual([true, true, 0, 'docker.io/library/nginx:1.27']);
    expect(s.imageID).toMatch(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
    expect(events).toEqual([
      '300 Pulled: Successfully pulled image "nginx:1.27" in 3s (3s including waiting). Image size: 72950000 bytes.',
      '330 Created: Created container: app',
      '330 Started: Started container app',
    ]);
  });

  it('an image already on the node is not pulled again (IfNotPresent)', () => {
    const { c } = runtime({ image: 'nginx:1.27' }, { images: new Set(['docker.io/library/nginx:1.27']) });
    const ev = c.sandboxReady(0);
    expect(ev.map((e) => e.message)).toEqual(['Container image "nginx:1.27" already present on machine']);
    c.advance(CREATE_TICKS);
    expect(c.status(CREATE_TICKS).state?.running).toBeDefined();
  });

  it('unknown tag: ErrImagePull, then ImagePullBackOff, retried after 10 s then 20 s', () => {
    const { c, events, runTo } = runtime({ image: 'nginx:1.99' });
    c.sandboxReady(0);
    runTo(100);
    expect(waiting(c, 100)).toEqual({
      reason: 'ErrImagePull',
      message:
        'rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.99": failed to resolve reference "docker.io/library/nginx:1.99": docker.io/library/nginx:1.99: not found',
    });
    runTo(100 + ERR_SHOW_TICKS, 101);
    expect(waiting(c, 200)?.reason).toBe('ImagePullBackOff');
    expect(waiting(c, 200)?.message).toMatch(/^Back-off pulling image "nginx:1.99": ErrImagePull: rpc error/);
    // retried 10 s after the failure: a new pull, failing after 1 s
    runTo(1100, 201);
    expect(events.filter((e) => e.includes('Pulling image'))).toEqual(['1100 Pulling: Pulling image "nginx:1.99"']);
    runTo(1200, 1101);
    expect(waiting(c, 1200)?.reason).toBe('ErrImagePull');
    // second back-off is 20 s
    runTo(3199, 1201);
    expect(events.filter((e) => e.includes('Pulling image'))).toHaveLength(1);
    runTo(3200, 3200);
    expect(events.filter((e) => e.includes('Pulling image')).at(-1)).toBe('3200 Pulling: Pulling image "nginx:1.99"');
    expect(c.status(3200).ready).toBe(false);
  });

  it('an unknown repository fails with pull access denied', () => {
    const { c, runTo } = runtime({ image: 'ngnix:1.27' });
    c.sandboxReady(0);
    runTo(100);
    expect(waiting(c, 100)?.message).toContain('pull access denied, repository does not exist or may require authorization');
  });

  it('imagePullPolicy Never without the image: ErrImageNeverPull', () => {
    const { c } = runtime({ image: 'nginx:1.27', imagePullPolicy: 'Never' });
    c.sandboxReady(0);
    expect(waiting(c, 0)).toEqual({ reason: 'ErrImageNeverPull', message: 'Container image "nginx:1.27" is not present with pull policy of Never' });
  });
});

describe('readiness', () => {
  it('Ready only after initialDelaySeconds of the readinessProbe', () => {
    const { c, runTo } = runtime({ image: 'nginx:1.27', readinessProbe: { httpGet: { path: '/', port: 80 }, initialDelaySeconds: 5 } }, { images: new Set(['docker.io/library/nginx:1.27']) });
    c.sandboxReady(0);
    runTo(CREATE_TICKS);
    expect(c.status(CREATE_TICKS + 499).ready).toBe(false);
    expect(c.nextDueAt(CREATE_TICKS)).toBe(CREATE_TICKS + 500);
    expect(c.status(CREATE_TICKS + 500).ready).toBe(true);
  });

  it('a probe on a port nothing listens on never succeeds', () => {
    const { c, runTo } = runtime({ image: 'nginx:1.27', readinessProbe: { tcpSocket: { port: 8080 } } }, { images: new Set(['docker.io/library/nginx:1.27']) });
    c.sandboxReady(0);
    runTo(10_000);
    expect(c.status(10_000)).toMatchObject({ ready: false, started: true });
  });
});

describe('crash loop', () => {
  it('exit 1: Error, an immediate first restart, then CrashLoopBackOff doubling 10 s … 300 s', () => {
    const { c } = runtime({ image: 'busybox', command: ['sh', '-c', 'echo boom; exit 1'] }, { images: new Set(['docker.io/library/busybox:latest']) });
    c.sandboxReady(0);
    const starts: number[] = [];
    let lastRestarts = -1;
    let sawBackOff: string | undefined;
    for (let t = 0; t <= 120_000; t++) {
      c.advance(t);
      const s = c.status(t);
      if (s.state?.running && s.restartCount !== lastRestarts) {
        lastRestarts = s.restartCount ?? 0;
        starts.push(t);
      }
      if (!sawBackOff && s.state?.waiting?.reason === 'CrashLoopBackOff') {
        sawBackOff = s.state.waiting.message;
        expect(s.lastState?.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
      }
    }
    expect(sawBackOff).toBe('back-off 10s restarting failed container=app pod=web_default(u1)');
    // each run lasts 1 s, the exit shows for 1 s; the wait before restart n is crashLoopDelaySeconds(n − 1)
    const gaps = starts.slice(1).map((t, i) => t - (starts[i] as number));
    const expected = gaps.map((_, i) => 100 + EXIT_SHOW_TICKS + crashLoopDelaySeconds(i) * 100 + CREATE_TICKS);
    expect(gaps).toEqual(expected);
    expect(gaps.slice(0, 7).map((g) => (g - 100 - EXIT_SHOW_TICKS - CREATE_TICKS) / 100)).toEqual([0, 10, 20, 40, 80, 160, 300]);
    const log = c.logFile(false);
    expect(log.ok && log.file.read(120_000).lines).toEqual([{ at: expect.any(Number) as number, text: 'boom' }]);
  });

  it('busybox without a command completes; restartPolicy Never keeps it Completed', () => {
    const { c, runTo } = runtime({ image: 'busybox' }, { restartPolicy: 'Never', images: new Set(['docker.io/library/busybox:latest']) });
    c.sandboxReady(0);
    runTo(5000);
    expect(c.status(5000)).toMatchObject({ restartCount: 0, ready: false, state: { terminated: { exitCode: 0, reason: 'Completed' } } });
  });
});

describe('stopping', () => {
  it('nginx stops at once on SIGTERM; a sleeping shell waits for the grace period and exits 137', () => {
    const present = new Set(['docker.io/library/nginx:1.27', 'docker.io/library/busybox:1.36']);
    const web = runtime({ image: 'nginx:1.27' }, { images: present });
    const sh = runtime({ image: 'busybox:1.36', command: ['sleep', '3600'] }, { images: present });
    for (const r of [web, sh]) {
      r.c.sandboxReady(0);
      r.runTo(CREATE_TICKS);
      expect(r.c.stop(100).map((e) => e.reason)).toEqual(['Killing']);
    }
    web.runTo(200, 100);
    expect(web.c.isStopped()).toBe(true);
    sh.runTo(3099, 100);
    expect(sh.c.isStopped()).toBe(false);
    sh.runTo(3100, 3100);
    expect(sh.c.status(3100).state?.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
  });

  it('a shorter grace period given later brings the SIGKILL forward; grace 0 kills even a SIGTERM-honouring process', () => {
    const present = new Set(['docker.io/library/nginx:1.27', 'docker.io/library/busybox:1.36']);
    const sh = runtime({ image: 'busybox:1.36', command: ['sleep', '3600'] }, { images: present });
    sh.c.sandboxReady(0);
    sh.runTo(CREATE_TICKS);
    sh.c.stop(100, 60);
    expect(sh.c.stop(150, 90)).toEqual([]); // a longer one changes nothing
    sh.c.stop(200, 2);
    sh.runTo(399, 100);
    expect(sh.c.isStopped()).toBe(false);
    sh.runTo(400, 400);
    expect(sh.c.isStopped()).toBe(true);
    const web = runtime({ image: 'nginx:1.27' }, { images: present });
    web.c.sandboxReady(0);
    web.runTo(CREATE_TICKS);
    web.c.stop(100, 0);
    web.runTo(100, 100);
    expect(web.c.status(100).state?.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
  });
});
