// The client's side of an API server that dies and comes back: the closed connection fails
// what was open on it, a refused dial fails at once, and an informer goes down the
// reflector's paths — re-watch, back off while refused, relist when its resourceVersion is
// older than the restarted server's watch cache — and counts as pending work until it
// follows a watch again.
import { describe, expect, it } from 'vitest';
import type { KubeObject, RequestId } from './api';
import { Informer } from './informer';
import { REFLECTOR_BACKOFF_INITIAL_TICKS, REFLECTOR_BACKOFF_MAX_TICKS, REFLECTOR_BACKOFF_RESET_TICKS, ReflectorBackoff } from './reflectorBackoff';
import { RemoteApiClient, type ApiRequestMessage, type ReceivedMessage } from './remoteClient';
import { FakeApiServer } from './testing/fakeApiServer';
import { connectionRefusedError, noRouteToHostError } from './transport';

const pod = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' } });

/**
 * A RemoteApiClient wired to a FakeApiServer through a message queue, with a server that
 * can die (its host closes the connection, then refuses every dial) and come back with a
 * watch cache that begins at the current revision (the fake's compaction).
 */
function wire() {
  const api = new FakeApiServer();
  let now = 0;
  let up = true;
  let hostDown = false;
  const inbox: ReceivedMessage[] = [];
  const served = new Map<RequestId, RequestId>();
  const requests: string[] = [];
  const answer = (requestId: RequestId, result: unknown) => inbox.push({ payload: { type: 'api-response', requestId, result }, sentAt: now });
  const client = new RemoteApiClient(
    (msg) => {
      if (msg.type === 'api-cancel') {
        const id = served.get(msg.requestId);
        if (id !== undefined) api.stop(id);
        return;
      }
      const req = (msg as ApiRequestMessage).request;
      requests.push(`${now} ${req.verb}${req.verb === 'watch' ? ` ${req.resourceVersion}` : ''}`);
      if (!up) return void answer(msg.requestId, { ok: false, error: hostDown ? noRouteToHostError('172.18.0.2:6443') : connectionRefusedError('172.18.0.2:6443') });
      served.set(msg.requestId, api.request(req, (result) => answer(msg.requestId, result)));
    },
    () => now,
  );
  const deliver = () => {
    api.flush();
    while (inbox.length > 0) {
      client.receive(inbox.shift()!);
      api.flush();
    }
  };
  return {
    api,
    client,
    requests,
    now: () => now,
    deliver,
    /** run the informer tick by tick up to `until` */
    run(informer: Informer<KubeObject>, until: number) {
      while (now < until) {
        now++;
        informer.tick(now);
        deliver();
      }
    },
    kill(node = false) {
      up = false;
      hostDown = node;
      for (const id of served.values()) api.stop(id);
      served.clear();
      inbox.push({ payload: { type: 'api-connection-closed' }, sentAt: now });
    },
    restart() {
      up = true;
      hostDown = false;
      api.compact();
    },
  };
}

describe('RemoteApiClient when the connection closes', () => {
  it('fails every request and watch sent up to the close, in request order, and leaves later ones alone', () => {
    let now = 5;
    const sent: ApiRequestMessage[] = [];
    const client = new RemoteApiClient(
      (m) => {
        if (m.type === 'api-request') sent.push(m);
      },
      () => now,
    );
    const got: string[] = [];
    const note = (what: string) => (r: { ok: boolean; error?: { code: number; reason: string; message: string } }) => got.push(r.ok ? `${what} ok` : `${what} ${r.error?.code} ${r.error?.reason} ${r.error?.message}`);
    client.request({ verb: 'watch', resource: 'pods', resourceVersion: '7' }, note('watch'));
    client.request({ verb: 'get', resource: 'pods', namespace: 'default', name: 'a' }, note('get'));
    now = 6;
    client.request({ verb: 'list', resource: 'pods' }, note('list')); // after the close: a new connection
    expect(client.outstanding()).toBe(2);
    expect(client.receive({ payload: { type: 'api-connection-closed' }, sentAt: 5 })).toBe(true);
    expect(got).toEqual(['watch 0 UnexpectedEOF unexpected EOF', 'get 0 UnexpectedEOF unexpected EOF']);
    expect(client.outstanding()).toBe(1);
    // an answer for a failed request finds nothing waiting; the later one is still answered
    client.deliver({ type: 'api-response', requestId: sent[1]!.requestId, result: { ok: true, value: pod('a') } });
    client.deliver({ type: 'api-response', requestId: sent[2]!.requestId, result: { ok: true, value: { items: [], resourceVersion: '9' } } });
    expect(got).toEqual(['watch 0 UnexpectedEOF unexpected EOF', 'get 0 UnexpectedEOF unexpected EOF', 'list ok']);
    expect(client.outstanding()).toBe(0);
    expect(client.receive({ payload: { type: 'something-else' }, sentAt: 6 })).toBe(false);
  });
});

describe('an informer across an API server restart', () => {
  it('re-watches at once when its watch is cut, backs off while refused, and relists when its resourceVersion is too old', () => {
    const w = wire();
    w.api.seed('pods', pod('a'));
    const inf = new Informer<KubeObject>(w.client, { resource: 'pods' });
    const events: string[] = [];
    inf.addEventHandlers({ onAdd: (o) => events.push(`add ${o.metadata?.name}`), onDelete: (o) => events.push(`delete ${o.metadata?.name}`) });
    inf.run(0);
    w.deliver();
    expect(inf.hasSynced()).toBe(true);
    expect(inf.hasPendingWork()).toBe(false);
    const rv = w.api.currentRevision;
    w.kill();
    w.deliver();
    expect(inf.hasPendingWork()).toBe(true);
    const first = REFLECTOR_BACKOFF_INITIAL_TICKS;
    w.run(inf, 1 + first + 2 * first + 4 * first);
    // the cut watch resumed at once (refused), then waited 80, 160, 320 ticks between refusals
    expect(w.requests).toEqual(['0 list', `0 watch ${rv}`, `1 watch ${rv}`, `${1 + first} watch ${rv}`, `${1 + 3 * first} watch ${rv}`, `${1 + 7 * first} watch ${rv}`]);
    expect(inf.hasPendingWork()).toBe(true);
    // back, with changes it did not see and a watch cache that begins after its resourceVersion
    w.restart();
    w.api.seed('pods', pod('b'));
    w.api.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'a' });
    w.api.compact();
    w.run(inf, 1 + 15 * first + 1);
    expect(w.requests.slice(6)).toEqual([`${1 + 15 * first} watch ${rv}`, `${1 + 15 * first + 1} list`, `${1 + 15 * first + 1} watch ${w.api.currentRevision}`]);
    expect(inf.listCount).toBe(2);
    expect(events).toEqual(['add a', 'add b', 'delete a']);
    expect(inf.store.keys()).toEqual(['default/b']);
    expect(inf.hasPendingWork()).toBe(false);
    // and it follows the new watch
    w.api.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('c') });
    w.deliver();
    expect(events.at(-1)).toBe('add c');
  });

  it('a failed LIST backs off too, and a dial to a host that is down relists rather than re-watches', () => {
    const w = wire();
    w.api.seed('pods', pod('a'));
    const inf = new Informer<KubeObject>(w.client, { resource: 'pods' });
    w.kill();
    inf.run(0);
    w.deliver();
    expect(inf.hasSynced()).toBe(false);
    expect(inf.hasPendingWork()).toBe(true);
    w.run(inf, 3 * REFLECTOR_BACKOFF_INITIAL_TICKS - 1);
    expect(w.requests).toEqual(['0 list', `${REFLECTOR_BACKOFF_INITIAL_TICKS} list`]);
    w.restart();
    w.run(inf, 3 * REFLECTOR_BACKOFF_INITIAL_TICKS);
    expect(inf.hasSynced()).toBe(true);
    expect(inf.store.keys()).toEqual(['default/a']);
    // the whole node goes: the watch is cut, the re-watch finds no route, so the next try lists
    w.kill(true);
    w.requests.length = 0;
    w.run(inf, w.now() + 2);
    w.restart();
    w.run(inf, w.now() + 2 * REFLECTOR_BACKOFF_MAX_TICKS);
    expect(w.requests.map((r) => r.split(' ')[1])).toEqual(['watch', 'list', 'watch']);
    expect(inf.hasPendingWork()).toBe(false);
  });
});

describe('ReflectorBackoff', () => {
  it('waits 800 ms, doubling to 30 s, and starts again after two quiet minutes', () => {
    const b = new ReflectorBackoff();
    const waits: number[] = [];
    let now = 0;
    for (let i = 0; i < 8; i++) {
      const wait = b.next(now);
      waits.push(wait);
      now += wait;
    }
    expect(waits).toEqual([80, 160, 320, 640, 1280, 2560, 3000, 3000]);
    expect(b.next(now)).toBe(3000);
    expect(b.next(now + REFLECTOR_BACKOFF_RESET_TICKS)).toBe(3000);
    expect(b.next(now + 2 * REFLECTOR_BACKOFF_RESET_TICKS + 1)).toBe(80);
  });
});
