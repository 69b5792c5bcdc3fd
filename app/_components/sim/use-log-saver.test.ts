// The beat on which a lab's work and a lesson's cluster are saved: at once after an action
// or a pause, and about once a second while the cluster plays (not pushed back by frames).
import { describe, expect, it } from 'vitest';
import { saveDelay, SAVE_WHILE_PLAYING_MS } from './use-log-saver';

describe('saveDelay', () => {
  it('saves at once after an action or when paused', () => {
    expect(saveDelay({ playing: false, actionAdded: false }, 10_000, 10_100)).toBe(0);
    expect(saveDelay({ playing: true, actionAdded: true }, 10_000, 10_100)).toBe(0);
  });

  it('while the cluster plays, waits for what is left of a second since the last save', () => {
    expect(SAVE_WHILE_PLAYING_MS).toBe(1000);
    expect(saveDelay({ playing: true, actionAdded: false }, 10_000, 10_100)).toBe(900);
    expect(saveDelay({ playing: true, actionAdded: false }, 10_000, 10_900)).toBe(100);
    expect(saveDelay({ playing: true, actionAdded: false }, 10_000, 12_000)).toBe(0);
    // never saved yet: at once
    expect(saveDelay({ playing: true, actionAdded: false }, Number.NEGATIVE_INFINITY, 0)).toBe(0);
  });
});
