import type http from 'node:http';
export const MAX_TRUSTED_PROXIES: number;
export function parseTrustedProxies(raw: string | undefined): { ok: true; value: number } | { ok: false; error: string };
export function clientAddress(forwardedFor: string | string[] | undefined, socketAddress: string | undefined, trustedProxies: number): string;
export const IGNORED_FORWARDED_FOR_NOTICE: string;
export function installClientAddress(trustedProxies: number, options?: { server?: typeof http.Server; notice?: (text: string) => void }): void;
