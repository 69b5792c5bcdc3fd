// kubectl auth can-i against the real kubectl 1.32 (../testdata/real-1.32-auth/, recorded by
// ../testdata/capture-auth.sh against label-stub.mjs, which allows kubectl's own user and
// denies one it impersonates): each recording replayed in a simulated cluster holding
// real-1.32-requests' scenario, where kubectl is the cluster admin and `jane` is bound to
// nothing; the stub's discovery has no RBAC kinds, so no recording names one. `--list` prints
// the simulated API server's own rules reviews (real-1.32-auth/rules.json, with rbac.yaml
// applied: a Role bound to jane), replayed in that cluster.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommandLine } from '../../command-line';
import { captureCommandLine, parseCapture } from '../../testkit/captures';
import { scenario } from './replay-testkit';
import { authScenario, rulesReviews } from '../testdata/auth-rules';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-auth');

describe('kubectl auth can-i against the real kubectl 1.32', () => {
  const names = [...readFileSync(join(DIR, '..', 'capture-auth.sh'), 'utf8').matchAll(/^capa (\S+) /gm)].map((m) => m[1] as string);
  it('has every recording the script makes', () => expect(readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()).toEqual(names.map((n) => `${n}.txt`).sort()));
  const scenarioJson = readFileSync(join(DIR, '..', 'real-1.32-requests', 'scenario.json'), 'utf8');
  const rbacYaml = readFileSync(join(DIR, 'rbac.yaml'), 'utf8');
  it('lists the rules the simulated API server answers', () => expect(JSON.parse(readFileSync(join(DIR, 'rules.json'), 'utf8'))).toEqual(JSON.parse(JSON.stringify(rulesReviews(scenarioJson, rbacYaml)))));
  const { ports } = scenario(scenarioJson);
  const withRbac = authScenario(scenarioJson, rbacYaml);
  for (const name of names) {
    const c = parseCapture(readFileSync(join(DIR, `${name}.txt`), 'utf8'));
    it(`${name}: ${c.command}`, () => {
      const p = c.command.includes('--list') ? withRbac : ports;
      expect(runCommandLine(captureCommandLine(c.command), undefined, p, {})).toEqual({ stdout: c.stdout, stderr: c.stderr, exitCode: c.exit });
    });
  }
});
