// What a learner's curl prints when it reaches a container: a shortened version of each
// catalogue image's default page, or curl's own error when nothing answers.
import { lookupImage } from '../kubelet/images';

const NGINX_PAGE = [
  '<!DOCTYPE html>',
  '<html>',
  '<head>',
  '<title>Welcome to nginx!</title>',
  '</head>',
  '<body>',
  '<h1>Welcome to nginx!</h1>',
  '<p>If you see this page, the nginx web server is successfully installed and',
  'working. Further configuration is required.</p>',
  '<p><em>Thank you for using nginx.</em></p>',
  '</body>',
  '</html>',
  '',
].join('\n');

/** The User-Agent `sim curl` sends: the curl of a Debian 13 (trixie) image. */
export const CURL_USER_AGENT = 'curl/8.14.1';

export type CurlOutcome = { ok: true; output: string } | { ok: false; exitCode: number; output: string };

/** The body a catalogue image serves on an open port (redis answers HTTP by closing the connection). */
export function responseFrom(image: string): CurlOutcome {
  const found = lookupImage(image);
  const repo = found.ref.repository;
  if (repo === 'docker.io/library/nginx') return { ok: true, output: NGINX_PAGE };
  if (repo === 'docker.io/library/httpd') return { ok: true, output: '<html><body><h1>It works!</h1></body></html>\n' };
  if (repo === 'docker.io/library/redis') return { ok: false, exitCode: 52, output: 'curl: (52) Empty reply from server' };
  return { ok: true, output: 'OK\n' };
}

export function connectionRefused(host: string, port: number): CurlOutcome {
  return { ok: false, exitCode: 7, output: `curl: (7) Failed to connect to ${host} port ${port} after 0 ms: Couldn't connect to server` };
}

export function couldNotResolve(host: string): CurlOutcome {
  return { ok: false, exitCode: 6, output: `curl: (6) Could not resolve host: ${host}` };
}

/** No rule and nobody owns the address: the SYNs go unanswered until the kernel gives up. */
export function connectTimeout(host: string, port: number): CurlOutcome {
  return { ok: false, exitCode: 28, output: `curl: (28) Failed to connect to ${host} port ${port} after 130000 ms: Couldn't connect to server` };
}

/**
 * Plain HTTP to the API server's TLS port: Go's TLS listener answers a request that starts
 * like HTTP with 400 and this body (net/http server.go), which curl prints, exiting 0.
 */
export function httpToHttpsServer(): CurlOutcome {
  return { ok: true, output: 'Client sent an HTTP request to an HTTPS server.\n' };
}

/** https:// to the API server without its CA (a Pod's curl with no --cacert): curl refuses the certificate. */
export function untrustedCertificate(): CurlOutcome {
  return {
    ok: false,
    exitCode: 60,
    output: [
      'curl: (60) SSL certificate problem: unable to get local issuer certificate',
      'More details here: https://curl.se/docs/sslcerts.html',
      '',
      'curl failed to verify the legitimacy of the server and therefore could not',
      'establish a secure connection to it. To learn more about this situation and',
      'how to fix it, please visit the web page mentioned above.',
    ].join('\n'),
  };
}
