import { describe, expect, it } from 'vitest';
import { poolOptionsFromEnv } from './config';

describe('the grading pool settings from the environment', () => {
  it('defaults to one worker, a queue of 16, a 20 s cap and a 60 s wait', () => {
    expect(poolOptionsFromEnv({})).toEqual({ size: 1, maxQueue: 16, timeoutMs: 20_000, maxWaitMs: 60_000 });
    expect(poolOptionsFromEnv({ GRADING_WORKERS: ' ' })).toEqual({ size: 1, maxQueue: 16, timeoutMs: 20_000, maxWaitMs: 60_000 });
  });

  it('reads GRADING_WORKERS, GRADING_QUEUE, GRADING_TIMEOUT_MS and GRADING_MAX_WAIT_MS, and names a bad one', () => {
    expect(poolOptionsFromEnv({ GRADING_WORKERS: '2', GRADING_QUEUE: '4', GRADING_TIMEOUT_MS: '5000', GRADING_MAX_WAIT_MS: '9000' })).toEqual({ size: 2, maxQueue: 4, timeoutMs: 5_000, maxWaitMs: 9_000 });
    expect(() => poolOptionsFromEnv({ GRADING_MAX_WAIT_MS: '-1' })).toThrow(/GRADING_MAX_WAIT_MS/);
    expect(() => poolOptionsFromEnv({ GRADING_WORKERS: 'zero' })).toThrow(/GRADING_WORKERS/);
    expect(() => poolOptionsFromEnv({ GRADING_TIMEOUT_MS: '0' })).toThrow(/GRADING_TIMEOUT_MS/);
  });
});
