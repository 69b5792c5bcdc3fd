// The trace list's words for a process's life: killed, exited on its own (with its code), restarted (by its kubelet).
import { describe, expect, it } from 'vitest';
import { describeTraceEvent } from './describe';

describe('describeTraceEvent', () => {
  it('says a process was killed, exited with its code, or restarted', () => {
    expect(describeTraceEvent({ seq: 1, tick: 5, kind: 'kill', address: 'kube-scheduler' }).summary).toBe('kube-scheduler killed');
    expect(describeTraceEvent({ seq: 2, tick: 6, kind: 'exit', address: 'kube-scheduler', detail: { exitCode: 1 } })).toEqual({ seq: 2, tick: 6, kind: 'exit', address: 'kube-scheduler', summary: 'kube-scheduler exited (code 1)' });
    expect(describeTraceEvent({ seq: 3, tick: 7, kind: 'exit', address: 'x' }).summary).toBe('x exited (code ?)');
    expect(describeTraceEvent({ seq: 4, tick: 8, kind: 'restart', address: 'kube-scheduler' }).summary).toBe('kube-scheduler restarted');
    expect(describeTraceEvent({ seq: 5, tick: 9, kind: 'restart', address: 'kube-scheduler', detail: { by: 'kubelet@control-plane' } }).summary).toBe('kube-scheduler restarted by kubelet@control-plane');
  });
});
