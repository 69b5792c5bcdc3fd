// `npm start`: build if needed, migrate and seed the database, serve on PORT (3000).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuild, ROOT } from './lib/build.mjs';
import { prepareDatabase } from './lib/database.mjs';
import { parseTrustedProxies } from './lib/client-address.mjs';

process.env.NEXT_TELEMETRY_DISABLED = '1';
process.env.CHECKPOINT_DISABLE = '1';
const port = process.env.PORT || '3000';
const hostname = process.env.HOSTNAME_BIND || '0.0.0.0';
// the per-IP rate limits count against the address the server can vouch for (lib/client-address.mjs):
// the socket's peer, or with TRUSTED_PROXIES=N what the outermost of N proxies in front saw
const trustedProxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);
if (!trustedProxies.ok) {
  console.error(`Reconcile: ${trustedProxies.error}`);
  process.exit(1);
}
const clientAddressPreload = pathToFileURL(path.join(ROOT, 'scripts', 'lib', 'client-address-preload.mjs')).href;

if (!ensureBuild()) {
  console.error('Reconcile: the build failed; see the errors above.');
  process.exit(1);
}
if (!prepareDatabase()) {
  console.error('Reconcile: could not prepare the database; see the errors above.');
  process.exit(1);
}

const next = spawn(process.execPath, ['--import', clientAddressPreload, path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', port, '-H', hostname], {
  cwd: ROOT,
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production', TRUSTED_PROXIES: String(trustedProxies.value) },
});
let announced = false;
next.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Ready|started server|Local:/i.test(String(chunk))) {
    announced = true;
    console.log(`\nReconcile is running at http://localhost:${port}\n`);
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => next.kill(signal));
next.on('exit', (code) => process.exit(code ?? 0));
