// Finding an account by email or name on the dashboard (the learners and the users pages).
// The term comes from the query string (`?q=kim`); the match is a substring of either,
// compared after SQL's LOWER() on both sides — ASCII letters ignore case on SQLite, every
// letter on PostgreSQL — with LIKE's wildcards escaped, so `%` or `_` (common in emails)
// match only themselves. Prisma's `contains` does neither on SQLite: `_` matched every email.
import { Prisma } from '../../_generated/prisma/client';

/** Longer search terms are cut here: no email or name search needs more. */
export const SEARCH_MAX_LENGTH = 100;

/** The search term from the query string, trimmed; undefined when absent or blank. */
export function searchTerm(raw: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, SEARCH_MAX_LENGTH).trim();
  return value ? value : undefined;
}

/** A LIKE pattern for "contains `term`", with `\`, `%` and `_` escaped by `\`. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The SQL condition "this user's email or name contains the term" on the User table under
 * `alias` (a fixed identifier, never request text); always true without a term.
 */
export function userMatches(term: string | undefined, alias = 'u'): Prisma.Sql {
  if (term === undefined) return Prisma.sql`1 = 1`;
  const pattern = containsPattern(term);
  const table = Prisma.raw(`"${alias}"`);
  return Prisma.sql`(LOWER(${table}."email") LIKE LOWER(${pattern}) ESCAPE '\\' OR LOWER(${table}."name") LIKE LOWER(${pattern}) ESCAPE '\\')`;
}
