import { describe, expect, it } from 'vitest';
import { containsPattern, SEARCH_MAX_LENGTH, searchTerm } from './search';

describe('searchTerm', () => {
  it('trims the term and leaves out a blank one', () => {
    expect(searchTerm(undefined)).toBeUndefined();
    expect(searchTerm('   ')).toBeUndefined();
    expect(searchTerm('  kim ')).toBe('kim');
    expect(searchTerm(['ann', 'bob'])).toBe('ann');
    expect(searchTerm('x'.repeat(500))).toHaveLength(SEARCH_MAX_LENGTH);
  });
});

describe('containsPattern', () => {
  it('escapes LIKE’s wildcards and its escape character', () => {
    expect(containsPattern('kim')).toBe('%kim%');
    expect(containsPattern('a_b%c\\d')).toBe('%a\\_b\\%c\\\\d%');
  });
});
