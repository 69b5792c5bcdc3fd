import type http from 'node:http';
export const MAX_TRUSTED_PROXIES: number;
export function parseTrustedProxies(raw: string | undefined): { ok: true; value: number } | { ok: false; error: string };
export function clientAddress(forwardedFor: string | string[] | undefined, socketAddress: string | undefined, trustedProxies: number): string;
export function installClientAddress(trustedProxies: number, server?: typeof http.Server): void;
