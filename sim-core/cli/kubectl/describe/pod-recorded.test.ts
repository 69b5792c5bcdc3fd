// kubectl describe pod against the real kubectl 1.32 for the sections the simulation's own
// Pods do not produce (../testdata/real-1.32-describe-pod/, recorded by
// ../testdata/capture-describe-pod.sh from the hand-written objects of crafted.json, served
// with no events): runtime class, the Pod's and the containers' seccomp profiles, Pod-level
// resources, ephemeral containers, readiness gates and topology spread constraints (in a
// Deployment's Pod template too). Each recording is checked byte for byte against the pure
// describer on the same object.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDeployment, describePod } from '.';
import type { Deployment, Pod } from '../../../apiserver';
import { parseCapture } from '../../testkit/captures';

const DIR = join(__dirname, '..', 'testdata', 'real-1.32-describe-pod');
const objects = JSON.parse(readFileSync(join(DIR, 'crafted.json'), 'utf8')) as Array<Pod | Deployment>;

function described(command: string): string {
  const [, , type, name] = command.split(' ');
  const o = objects.find((x) => (x.kind ?? '').toLowerCase() === type && x.metadata?.name === name);
  if (!o) throw new Error(`no object for ${command}`);
  // no age is printed: `now` plays no part
  return o.kind === 'Pod' ? describePod(o as Pod, [], 0) : describeDeployment(o as Deployment, { oldReplicaSets: [] }, [], 0);
}

const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort();

describe('kubectl describe pod: the sections against the real kubectl 1.32', () => {
  for (const file of files) {
    const capture = parseCapture(readFileSync(join(DIR, file), 'utf8'));
    it(`${file}: ${capture.command}`, () => {
      expect(capture.exit).toBe(0);
      expect(described(capture.command)).toBe(capture.stdout);
    });
  }
});
