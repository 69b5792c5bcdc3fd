// A matcher answers exactly as selectorMatches does, is shared by selectors with the same
// text, and does not change when the selector it was made from changes.
import { describe, expect, it } from 'vitest';
import { selectorMatches, type LabelSelector } from '../apiserver';
import { Prng } from '../kernel';
import { labelMatcher } from './labelMatcher';

const KEYS = ['app', 'tier', 'track', 'constructor'];
const VALUES = ['web', 'db', 'canary', ''];
const OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Bogus'];

function randomLabels(prng: Prng): Record<string, string> | undefined {
  if (prng.chance(0.1)) return undefined;
  const labels: Record<string, string> = {};
  for (const k of KEYS) if (prng.chance(0.5)) labels[k] = prng.pick(VALUES);
  return labels;
}

function randomSelector(prng: Prng): LabelSelector | undefined {
  if (prng.chance(0.05)) return undefined;
  const selector: LabelSelector = {};
  if (prng.chance(0.8)) selector.matchLabels = randomLabels(prng) ?? {};
  if (prng.chance(0.5)) {
    selector.matchExpressions = [];
    for (let i = prng.int(0, 2); i > 0; i--) {
      selector.matchExpressions.push({ key: prng.pick(KEYS), operator: prng.pick(OPERATORS), values: VALUES.filter(() => prng.chance(0.4)) });
    }
  }
  return selector;
}

describe('labelMatcher', () => {
  it('answers as selectorMatches for any selector and labels', () => {
    const prng = new Prng(11);
    let selected = 0;
    for (let i = 0; i < 3000; i++) {
      const selector = randomSelector(prng);
      const labels = randomLabels(prng);
      const want = selectorMatches(selector, labels);
      expect(labelMatcher(selector)(labels), JSON.stringify({ selector, labels })).toBe(want);
      if (want) selected++;
    }
    // both answers occur often enough for the comparison to mean something
    expect(selected).toBeGreaterThan(300);
    expect(selected).toBeLessThan(2700);
  });

  it('a missing selector selects nothing, an empty one everything', () => {
    expect(labelMatcher(undefined)({ app: 'web' })).toBe(false);
    expect(labelMatcher({})({ app: 'web' })).toBe(true);
    expect(labelMatcher({})(undefined)).toBe(true);
  });

  it('is the same matcher for the same selector text, and keeps its answers when the selector object changes', () => {
    const selector: LabelSelector = { matchLabels: { app: 'web' } };
    const matcher = labelMatcher(selector);
    expect(labelMatcher({ matchLabels: { app: 'web' } })).toBe(matcher);
    expect(labelMatcher({ matchLabels: { app: 'db' } })).not.toBe(matcher);
    (selector.matchLabels as Record<string, string>).app = 'db';
    expect(matcher({ app: 'web' })).toBe(true);
    expect(labelMatcher(selector)({ app: 'web' })).toBe(false);
  });
});
