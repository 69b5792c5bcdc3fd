// SIM_CORE_VERSION must change when the simulation does: a learner's saved work and every
// graded attempt are a log plus the version it was recorded on, and a log replayed on a
// simulation that behaves differently can end elsewhere. The golden transcripts
// (sim-core/testdata, kept equal to what the simulation prints by cli/golden.test.ts) are
// the cheap witness: sim-core/version-record.json holds, for the version it names, a hash
// of each script (with the files it reads) and of its transcript. A transcript that
// changed under an unchanged script means the simulation changed, and that fails here
// until the version goes up; then `RECORD_SIM_VERSION=1 npx vitest run
// sim-core/version.test.ts` writes the record again. A new, edited or removed script
// changes no behaviour: it only needs the record written again, with no bump.
// Reading files and hashing them takes milliseconds: nothing is simulated here.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIM_CORE_VERSION } from './index';
import { judgeRecord as judge, recordText, type Entry, type Judgement, type RecordTexts, type VersionRecord } from './version-judge';

const ROOT = import.meta.dirname;
const TESTDATA = join(ROOT, 'testdata');
const RECORD = join(ROOT, 'version-record.json');
const RECORD_COMMAND = 'RECORD_SIM_VERSION=1 npx vitest run sim-core/version.test.ts';

function hash(...texts: string[]): string {
  const h = createHash('sha256');
  // a checkout that turned line ends into CRLF is the same script and transcript
  for (const t of texts) h.update(t.replace(/\r\n/g, '\n')).update('\0');
  return h.digest('hex').slice(0, 16);
}

/** Every file under `root`, relative to it, with '/' between folders. */
function listTree(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((rel) => statSync(join(root, rel)).isFile())
    .map((rel) => rel.split('\\').join('/'))
    .sort();
}

/**
 * The fixture files a script reads: those it names, or whose folder it names, as a whole
 * word (`-f kubectl-manifests/web.yaml`, `-f kubectl-manifests/app`). Naming more than it
 * reads only counts a fixture's edit as the script's.
 */
function filesNamedBy(script: string, fixtures: readonly string[]): string[] {
  const named = (path: string) => new RegExp(`(?<![\\w./-])${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?(?![\\w./-])`).test(script);
  return fixtures.filter((file) => {
    const parts = file.split('/');
    return parts.some((_, i) => named(parts.slice(0, i + 1).join('/')));
  });
}

/** The golden scenarios as they are in the working tree. */
function currentTranscripts(): Record<string, Entry> {
  const files = listTree(TESTDATA);
  const fixtures = files.filter((f) => !f.endsWith('.txt') && !f.endsWith('.golden'));
  const read = (rel: string) => readFileSync(join(TESTDATA, rel), 'utf8');
  const out: Record<string, Entry> = {};
  for (const name of files.filter((f) => f.endsWith('.txt') && !f.includes('/'))) {
    const script = read(name);
    const inputs = filesNamedBy(script, fixtures).flatMap((f) => [f, read(f)]);
    out[name] = { script: hash(script, ...inputs), transcript: hash(read(name.replace(/\.txt$/, '.golden'))) };
  }
  return out;
}

const TEXTS: RecordTexts = {
  file: 'sim-core/version-record.json',
  recordCommand: RECORD_COMMAND,
  cases: 'golden scripts',
  changedIn: 'the same script prints another transcript in',
  commitWith: 'the golden files',
};

/** The judgement in this record's words. */
const judgeRecord = (record: VersionRecord, current: Record<string, Entry>, version: string): Judgement => judge(record, current, version, TEXTS);

describe('judgeRecord', () => {
  const record: VersionRecord = { version: '1.2.0', transcripts: { 'a.txt': { script: 's1', transcript: 't1' }, 'b.txt': { script: 's2', transcript: 't2' } } };

  it('passes the transcripts it recorded', () => {
    expect(judgeRecord(record, { ...record.transcripts }, '1.2.0')).toEqual({ kind: 'same' });
  });

  it('refuses a changed transcript of an unchanged script until the version goes up, and names the scenario and what to do', () => {
    const current = { ...record.transcripts, 'b.txt': { script: 's2', transcript: 'other' } };
    const judged = judgeRecord(record, current, '1.2.0');
    expect(judged.kind).toBe('refused');
    expect(judged.kind !== 'same' && judged.problem).toMatch(/behaviour changed.*b\.txt.*bump SIM_CORE_VERSION in sim-core\/index\.ts.*RECORD_SIM_VERSION=1 npx vitest run sim-core\/version\.test\.ts/);
    expect(judgeRecord(record, current, '1.2.1').kind).toBe('rerecord');
    expect(judgeRecord(record, current, '2.0.0').kind).toBe('rerecord');
  });

  it('asks only for the record to be written again when a script is added, edited or removed', () => {
    const added = judgeRecord(record, { ...record.transcripts, 'c.txt': { script: 's3', transcript: 't3' } }, '1.2.0');
    expect(added).toEqual({ kind: 'rerecord', problem: expect.stringContaining('(c.txt); that changes no behaviour and needs no bump'), edited: ['c.txt'] });
    expect(judgeRecord(record, { 'a.txt': record.transcripts['a.txt']!, 'b.txt': { script: 'edited', transcript: 'other' } }, '1.2.0').kind).toBe('rerecord');
    expect(judgeRecord(record, { 'a.txt': record.transcripts['a.txt']! }, '1.2.0').kind).toBe('rerecord');
  });

  it('refuses a version that does not go up, or is not major.minor.patch', () => {
    expect(judgeRecord(record, { ...record.transcripts }, '1.1.9').kind).toBe('refused');
    expect(judgeRecord(record, { ...record.transcripts }, '1.10.0').kind).toBe('rerecord');
    expect(judgeRecord(record, { ...record.transcripts }, '1.2').kind).toBe('refused');
  });
});

describe('filesNamedBy', () => {
  const fixtures = ['kubectl-manifests/app/config.yaml', 'kubectl-manifests/app/service.yaml', 'kubectl-manifests/web-v2.yaml', 'kubectl-manifests/web.yaml', 'pod.yaml'];

  it('counts the files a script names, and a folder it names as all of its files', () => {
    expect(filesNamedBy('kubectl apply -f kubectl-manifests/web.yaml\n', fixtures)).toEqual(['kubectl-manifests/web.yaml']);
    expect(filesNamedBy('kubectl apply -f kubectl-manifests/app\nkubectl apply -f pod.yaml', fixtures)).toEqual(['kubectl-manifests/app/config.yaml', 'kubectl-manifests/app/service.yaml', 'pod.yaml']);
    expect(filesNamedBy('kubectl apply -f kubectl-manifests/app/\n', fixtures)).toHaveLength(2);
    expect(filesNamedBy('kubectl apply -f kubectl-manifests/app/config.yaml\n# mypod.yaml', fixtures)).toEqual(['kubectl-manifests/app/config.yaml']);
  });
});

describe('SIM_CORE_VERSION', () => {
  it('is the only copy: sim-core/package.json and the lockfile carry no version of their own to fall behind', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version?: unknown };
    const lock = JSON.parse(readFileSync(join(ROOT, '..', 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: unknown }> };
    expect(pkg.version).toBeUndefined();
    expect(lock.packages['sim-core']?.version).toBeUndefined();
  });

  it('goes up whenever the golden transcripts show the simulation changed', () => {
    const current = currentTranscripts();
    expect(Object.keys(current).length).toBeGreaterThanOrEqual(10);
    // no record yet: every script counts as new, and the record is written without a bump
    const record = existsSync(RECORD) ? (JSON.parse(readFileSync(RECORD, 'utf8')) as VersionRecord) : { version: SIM_CORE_VERSION, transcripts: {} };
    const judged = judgeRecord(record, current, SIM_CORE_VERSION);
    if (judged.kind !== 'refused' && process.env['RECORD_SIM_VERSION'] === '1') {
      writeFileSync(RECORD, recordText({ version: SIM_CORE_VERSION, transcripts: current }));
      return;
    }
    expect(judged.kind === 'same' ? '' : judged.problem).toBe('');
  });
});
