// Golden scenario tests (etcd's rafttest/testdata style): every sim-core/testdata/*.txt
// script runs against a fresh simulated cluster (seed and size from its `# sim:` header,
// default seed 1, 3 members, topology etcd-only) and its transcript must equal the .golden file next to it.
// UPDATE_GOLDEN=1 rewrites the golden files; read the diff before committing one.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenarioHeader, runScenario, scenarioCluster } from './scenario';

const DIR = join(import.meta.dirname, '..', 'testdata');
const scripts = readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort();

function transcriptOf(script: string): string {
  const header = parseScenarioHeader(script);
  if (!header.ok) throw new Error(header.error);
  const { ports } = scenarioCluster(header.header);
  const result = runScenario(script, {
    ports,
    readFile: (path) => {
      const file = join(DIR, path);
      return existsSync(file) && statSync(file).isFile() ? readFileSync(file, 'utf8') : undefined;
    },
    // `-f <folder>`: the files under testdata, as workspace paths relative to it
    listFiles: () => listTree(DIR),
  });
  if (!result.ok) throw new Error(result.error);
  return result.transcript;
}

/** Every file under `root`, relative to it (Node's recursive readdir lists folders too). */
function listTree(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((rel) => statSync(join(root, rel)).isFile())
    .sort();
}

describe('golden scenarios', () => {
  it('has scripts', () => {
    expect(scripts.length).toBeGreaterThanOrEqual(10);
  });
  for (const name of scripts) {
    it(name, () => {
      const script = readFileSync(join(DIR, name), 'utf8');
      const transcript = transcriptOf(script);
      const goldenPath = join(DIR, name.replace(/\.txt$/, '.golden'));
      if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(goldenPath, transcript);
      expect(existsSync(goldenPath), `${goldenPath} is missing: run with UPDATE_GOLDEN=1 and read it`).toBe(true);
      expect(transcript).toBe(readFileSync(goldenPath, 'utf8'));
      // the same seed and script give the same transcript: the simulation is deterministic
      expect(transcriptOf(script)).toBe(transcript);
    });
  }
});
