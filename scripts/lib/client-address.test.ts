import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientAddress, IGNORED_FORWARDED_FOR_NOTICE, installClientAddress, parseTrustedProxies } from './client-address.mjs';

describe('the client address the per-IP rate limits count against', () => {
  it('is the socket peer when the server faces the clients: a forged X-Forwarded-For is ignored', () => {
    expect(clientAddress('6.6.6.6', '203.0.113.7', 0)).toBe('203.0.113.7');
    expect(clientAddress('6.6.6.6, 7.7.7.7', '203.0.113.7', 0)).toBe('203.0.113.7');
    expect(clientAddress(undefined, '::ffff:203.0.113.7', 0)).toBe('203.0.113.7');
    expect(clientAddress(undefined, '2001:db8::1', 0)).toBe('2001:db8::1');
  });

  it('behind N proxies is what the outermost trusted proxy saw, whatever the client put in front', () => {
    // client → proxy (appends the client's address) → app
    expect(clientAddress('6.6.6.6, 203.0.113.7', '10.0.0.2', 1)).toBe('203.0.113.7');
    expect(clientAddress(['6.6.6.6', '203.0.113.7, 10.0.0.1'], '10.0.0.2', 2)).toBe('203.0.113.7');
    // fewer entries than proxies: the request came around them, so the header is not believed
    expect(clientAddress(undefined, '10.0.0.2', 3)).toBe('10.0.0.2');
    expect(clientAddress('6.6.6.6', '198.51.100.9', 2)).toBe('198.51.100.9');
    expect(clientAddress('6.6.6.6, 7.7.7.7', '198.51.100.9', 3)).toBe('198.51.100.9');
  });

  it('reads TRUSTED_PROXIES as a small whole number, 0 when unset', () => {
    expect(parseTrustedProxies(undefined)).toEqual({ ok: true, value: 0 });
    expect(parseTrustedProxies(' ')).toEqual({ ok: true, value: 0 });
    expect(parseTrustedProxies('2')).toEqual({ ok: true, value: 2 });
    for (const bad of ['-1', '1.5', 'yes', '99']) expect(parseTrustedProxies(bad)).toMatchObject({ ok: false, error: expect.stringContaining('TRUSTED_PROXIES') });
  });

  it('is what a request listener reads from X-Forwarded-For once installed on the server, which says once that it ignored one', async () => {
    class AppServer extends http.Server {}
    const notices: string[] = [];
    installClientAddress(0, { server: AppServer, notice: (text) => notices.push(text) });
    const server = new AppServer((req, res) => res.end(String(req.headers['x-forwarded-for'])));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const seen = (headers: Record<string, string>) => fetch(`http://127.0.0.1:${port}/`, { headers }).then((r) => r.text());
      expect(await seen({})).toBe('127.0.0.1');
      expect(notices).toEqual([]);
      expect(await seen({ 'x-forwarded-for': '6.6.6.6' })).toBe('127.0.0.1');
      expect(await seen({ 'x-forwarded-for': '7.7.7.7' })).toBe('127.0.0.1');
      expect(notices).toEqual([IGNORED_FORWARDED_FOR_NOTICE]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('drops a client’s X-Forwarded-Host and X-Forwarded-Proto when no proxy is trusted, and keeps a trusted proxy’s', async () => {
    for (const [trusted, expected] of [
      [0, 'undefined undefined'],
      [1, 'evil.example https'],
    ] as const) {
      class AppServer extends http.Server {}
      installClientAddress(trusted, { server: AppServer, notice: () => {} });
      const server = new AppServer((req, res) => res.end(`${req.headers['x-forwarded-host']} ${req.headers['x-forwarded-proto']}`));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const text = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } }).then((r) => r.text());
        expect(text).toBe(expected);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    }
  });
});
