// Helpers for the grading tests: the labs' reference solutions and the attempts endpoint
// called the way the lab page calls it (same origin, the session cookie of the page).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIResponse, Page } from '@playwright/test';

const CONTENT = path.resolve(import.meta.dirname, '..', 'content');

/** content/labs/<lab>/solution.json: the reference solution's action log. */
export function labSolution(labId: string): unknown[] {
  return JSON.parse(readFileSync(path.join(CONTENT, 'labs', labId, 'solution.json'), 'utf8')) as unknown[];
}

let keys = 0;
export function newIdempotencyKey(): string {
  keys += 1;
  return `e2e-${Date.now().toString(36)}-${keys}`;
}

/** The origin the page was served from (the Origin header a browser would send). */
export function originOf(page: Page): string {
  return new URL(page.url()).origin;
}

/**
 * POST /api/labs/<lab>/attempts with the page's cookies. `origin` defaults to the page's
 * own; `null` sends none.
 */
export async function postAttempt(page: Page, labId: string, body: unknown, options: { origin?: string | null } = {}): Promise<APIResponse> {
  const origin = options.origin === undefined ? originOf(page) : options.origin;
  return page.request.post(`/api/labs/${labId}/attempts?locale=en`, {
    headers: { 'content-type': 'application/json', ...(origin !== null ? { origin } : {}) },
    data: typeof body === 'string' ? body : JSON.stringify(body),
    failOnStatusCode: false,
  });
}

/** Collects Content-Security-Policy violations from the page: the browser's events and console reports. */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|create|frame)/i.test(m.text())) fromConsole.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`));
  });
  return async () => {
    const fromEvents = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => [] as string[]);
    return [...fromEvents, ...fromConsole];
  };
}
