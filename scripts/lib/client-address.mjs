// Which address a request came from, as far as this server can vouch for it. Each proxy in
// front of the app appends the address it received the request from to X-Forwarded-For,
// and the socket's peer is the last proxy (or the client itself). Everything to the left
// of what the trusted proxies wrote was written by the client and proves nothing: taking
// the first entry, as the per-IP rate limits did, let anyone send `X-Forwarded-For: <any>`
// and count against a fresh limit at every request (sign-in, sign-up, guest grading).
//
// `npm start` loads ./client-address-preload.mjs into the server, which puts the one
// address it can vouch for in X-Forwarded-For before Next sees the request; the app
// (app/_lib/auth/session.ts clientIp) reads that. TRUSTED_PROXIES says how many proxies
// are in front (default 0: the server faces the clients, the socket's peer is the client).
import http from 'node:http';

/** The most proxies anyone chains in front of an app; more is a typo. */
export const MAX_TRUSTED_PROXIES = 16;

/**
 * TRUSTED_PROXIES from the environment: unset or blank is 0.
 * @param {string | undefined} raw
 * @returns {{ ok: true, value: number } | { ok: false, error: string }}
 */
export function parseTrustedProxies(raw) {
  if (raw === undefined || raw.trim() === '') return { ok: true, value: 0 };
  const value = Number(raw.trim());
  if (!/^\d+$/.test(raw.trim()) || value > MAX_TRUSTED_PROXIES) {
    return { ok: false, error: `TRUSTED_PROXIES: must be the number of proxies in front of the app, 0 to ${MAX_TRUSTED_PROXIES} (got ${JSON.stringify(raw)})` };
  }
  return { ok: true, value };
}

/**
 * The client's address: `trustedProxies` places from the right of X-Forwarded-For's
 * entries followed by the socket's peer; the socket's peer when the header has fewer
 * entries than there are trusted proxies.
 * An IPv4 address seen through an IPv6 socket (`::ffff:203.0.113.7`) is given as IPv4.
 * @param {string | string[] | undefined} forwardedFor
 * @param {string | undefined} socketAddress
 * @param {number} trustedProxies
 * @returns {string}
 */
export function clientAddress(forwardedFor, socketAddress, trustedProxies) {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const chain = header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  // fewer entries than trusted proxies: the request did not come through them all (a client
  // reaching the app around the proxy writes what it likes), so no entry is vouched for
  const address = chain.length < trustedProxies ? (socketAddress ?? 'unknown') : (chain[chain.length - trustedProxies] ?? socketAddress ?? 'unknown');
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

/** Said once when a request comes with X-Forwarded-For and no proxy is trusted. */
export const IGNORED_FORWARDED_FOR_NOTICE =
  'Reconcile: a request came with X-Forwarded-For, which is ignored because TRUSTED_PROXIES is 0. ' +
  'If Reconcile runs behind a proxy or load balancer, set TRUSTED_PROXIES to the number of them, ' +
  'or every client counts as the proxy for the per-IP rate limits.';

/**
 * Rewrite every request's X-Forwarded-For to the one address `clientAddress` vouches for
 * (and, with no proxy trusted, drop X-Forwarded-Host and X-Forwarded-Proto), before any
 * 'request' listener (Next's) sees it. With no proxy trusted, the first request
 * that carries the header is reported through `notice` (once): an operator behind a proxy
 * who has not set TRUSTED_PROXIES learns why everyone shares one rate limit.
 * @param {number} trustedProxies
 * @param {{ server?: typeof http.Server, notice?: (text: string) => void }} [options] the class whose requests are rewritten (tests pass a subclass)
 */
export function installClientAddress(trustedProxies, { server = http.Server, notice = console.warn } = {}) {
  const emit = server.prototype.emit;
  let noticed = false;
  server.prototype.emit = function emitWithClientAddress(event, ...args) {
    if (event === 'request') {
      const request = /** @type {http.IncomingMessage} */ (args[0]);
      const forwardedFor = request.headers['x-forwarded-for'];
      if (trustedProxies === 0 && forwardedFor !== undefined && !noticed) {
        noticed = true;
        notice(IGNORED_FORWARDED_FOR_NOTICE);
      }
      request.headers['x-forwarded-for'] = clientAddress(forwardedFor, request.socket?.remoteAddress, trustedProxies);
      // with no proxy in front, the host and scheme a client claims are its own words: the
      // same-origin checks (the attempts API's, Next's server actions') compare Origin with
      // X-Forwarded-Host before Host, so a client naming its own origin there passed them
      if (trustedProxies === 0) {
        delete request.headers['x-forwarded-host'];
        delete request.headers['x-forwarded-proto'];
      }
    }
    return emit.call(this, event, ...args);
  };
}
