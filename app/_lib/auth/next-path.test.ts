import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from './next-path';

describe('signInPath', () => {
  it('comes back to the page with its query', () => {
    expect(signInPath('en', '/instructor/learners', { page: 'abc' })).toBe('/en/sign-in?next=%2Fen%2Finstructor%2Flearners%3Fpage%3Dabc');
    expect(signInPath('ko', '/instructor/learners', { page: ['2', '3'], empty: undefined })).toBe('/ko/sign-in?next=%2Fko%2Finstructor%2Flearners%3Fpage%3D2%26page%3D3');
  });

  it('adds no "?" when there is no query', () => {
    expect(signInPath('en', '/account')).toBe('/en/sign-in?next=%2Fen%2Faccount');
    expect(signInPath('en', '/instructor', {})).toBe('/en/sign-in?next=%2Fen%2Finstructor');
  });

  it('follows no path when the query names several (an array, as Next hands it to the page)', () => {
    expect(safeNextPath(['/en/account', '//evil.example'], '/en/courses')).toBe('/en/courses');
  });

  it('keeps a query that looks like another address inside the same-site path', () => {
    const url = new URL(signInPath('en', '/instructor/learners', { page: '//evil.example', next: 'https://evil.example' }), 'http://localhost');
    const next = url.searchParams.get('next');
    expect(next).toBe('/en/instructor/learners?page=%2F%2Fevil.example&next=https%3A%2F%2Fevil.example');
    expect(safeNextPath(next, '/en/courses')).toBe(next);
  });
});
