// Loaded into `next start` by scripts/start.mjs (node --import): see ./client-address.mjs.
import { installClientAddress, parseTrustedProxies } from './client-address.mjs';

const trusted = parseTrustedProxies(process.env.TRUSTED_PROXIES);
if (!trusted.ok) throw new Error(trusted.error);
installClientAddress(trusted.value);
