// The shell ships a client only the namespaces its components use (first-load weight).
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import { pickNamespaces } from './pick-namespaces';

describe('pickNamespaces', () => {
  it('keeps the named namespaces whole and drops every other one', () => {
    const picked = pickNamespaces(en, ['errors', 'quiz']);
    expect(Object.keys(picked).sort()).toEqual(['errors', 'quiz']);
    expect(picked.quiz).toEqual(en.quiz);
    expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(en).length / 2);
  });

  it('ignores a namespace the catalogue does not have', () => {
    expect(pickNamespaces(en, ['nope', 'errors'])).toEqual({ errors: en.errors });
  });
});
