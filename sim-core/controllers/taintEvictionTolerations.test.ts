// The taint eviction controller looks again at a Pod whose update changed its node or its
// tolerations (PodUpdated): sameTolerations is that comparison, field by field.
import { describe, expect, it } from 'vitest';
import type { Toleration } from '../apiserver';
import { sameTolerations } from './taintEviction';

const notReady = (): Toleration => ({ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 });
const unreachable = (): Toleration => ({ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 });

describe('sameTolerations', () => {
  it('equal lists in separate copies are the same (a status update leaves them alone)', () => {
    expect(sameTolerations([notReady(), unreachable()], [notReady(), unreachable()])).toBe(true);
    expect(sameTolerations([], [])).toBe(true);
  });

  it('any changed field, order or count makes them differ', () => {
    const base = [notReady(), unreachable()];
    expect(sameTolerations(base, [unreachable(), notReady()])).toBe(false);
    expect(sameTolerations(base, [notReady()])).toBe(false);
    for (const change of [{ key: 'x' }, { operator: 'Equal' }, { value: 'v' }, { effect: 'NoSchedule' }, { tolerationSeconds: 60 }, { tolerationSeconds: undefined }] as Partial<Toleration>[]) {
      expect(sameTolerations(base, [{ ...notReady(), ...change }, unreachable()]), JSON.stringify(change)).toBe(false);
    }
  });
});
