// Label selectors as controllers and `kubectl get -l` use them.
import { describe, expect, test } from 'vitest';
import { isEmptySelector, selectorMatches } from './index';

describe('selectorMatches', () => {
  const labels = { app: 'web', tier: 'front', 'pod-template-hash': '7d4' };

  test('matchLabels needs every pair', () => {
    expect(selectorMatches({ matchLabels: { app: 'web' } }, labels)).toBe(true);
    expect(selectorMatches({ matchLabels: { app: 'web', tier: 'back' } }, labels)).toBe(false);
  });

  test('matchExpressions: In, NotIn, Exists, DoesNotExist', () => {
    const expr = (operator: string, key: string, values?: string[]) => ({ matchExpressions: [{ key, operator, values }] });
    expect(selectorMatches(expr('In', 'tier', ['front', 'edge']), labels)).toBe(true);
    expect(selectorMatches(expr('In', 'tier', ['back']), labels)).toBe(false);
    expect(selectorMatches(expr('NotIn', 'tier', ['back']), labels)).toBe(true);
    expect(selectorMatches(expr('NotIn', 'zone', ['a']), labels)).toBe(true);
    expect(selectorMatches(expr('Exists', 'app'), labels)).toBe(true);
    expect(selectorMatches(expr('DoesNotExist', 'app'), labels)).toBe(false);
    expect(selectorMatches(expr('Near', 'app', ['web']), labels)).toBe(false);
  });

  test('an empty selector matches everything, a missing one nothing', () => {
    expect(isEmptySelector({})).toBe(true);
    expect(selectorMatches({}, labels)).toBe(true);
    expect(selectorMatches(undefined, labels)).toBe(false);
    // Inherited properties are not labels.
    expect(selectorMatches({ matchExpressions: [{ key: 'toString', operator: 'Exists' }] }, {})).toBe(false);
  });
});
