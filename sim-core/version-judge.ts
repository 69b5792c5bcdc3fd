// The judge behind the tests that keep SIM_CORE_VERSION honest (sim-core/version.test.ts on
// the golden transcripts, app/_lib/content/sim-version.test.ts on the course's lab
// solutions and lesson clusters). Each keeps a record: for the version it names, a hash of
// every case's inputs and of what the simulation made of them. The same inputs giving
// another outcome under the same version means the simulation changed, and a learner's log
// saved on that version could now replay elsewhere. Pure: the tests read and hash files.

/** One case as recorded: hashes of its inputs and of its outcome. */
export interface Entry {
  script: string;
  transcript: string;
}
export interface VersionRecord {
  version: string;
  transcripts: Record<string, Entry>;
}

/** What a record's judgement says, in the words of the test that keeps it. */
export interface RecordTexts {
  /** the record's file, from the repository's root */
  file: string;
  /** the command that writes it again */
  recordCommand: string;
  /** the cases, plural: "golden scripts" */
  cases: string;
  /** the sentence's middle for cases whose outcome changed: "the same script prints another transcript in" */
  changedIn: string;
  /** what else to commit with a bumped version and its record */
  commitWith: string;
}

export function parseVersion(v: string): [number, number, number] | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(v);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** Whether `a` is a later version than `b` (both major.minor.patch). */
export function laterVersion(a: string, b: string): boolean {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (pa === undefined || pb === undefined) return false;
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i]! > pb[i]!;
  return false;
}

/** Names in a sentence: the first few, then how many more. */
export function listed(names: readonly string[]): string {
  return names.length <= 6 ? names.join(', ') : `${names.slice(0, 6).join(', ')} and ${names.length - 6} more`;
}

export type Judgement =
  /** the record is this version's and every outcome is as recorded */
  | { kind: 'same' }
  /** the record must be written again; `problem` says why, for a run that does not write it */
  | { kind: 'rerecord'; problem: string; edited: string[] }
  /** something only the developer can settle: writing the record again would not do */
  | { kind: 'refused'; problem: string };

/** What the record says about the working tree's cases under `version`. */
export function judgeRecord(record: VersionRecord, current: Record<string, Entry>, version: string, texts: RecordTexts): Judgement {
  if (parseVersion(version) === undefined) return { kind: 'refused', problem: `SIM_CORE_VERSION '${version}' is not major.minor.patch.` };
  const bumped = version !== record.version;
  if (bumped && !laterVersion(version, record.version)) {
    return { kind: 'refused', problem: `SIM_CORE_VERSION went from ${record.version} to ${version}: a new version must be later than the recorded one, or a learner's work saved under ${version} before could be replayed on another simulation.` };
  }
  const names = [...new Set([...Object.keys(record.transcripts), ...Object.keys(current)])].sort();
  const changed: string[] = [];
  const edited: string[] = [];
  for (const name of names) {
    const was = record.transcripts[name];
    const now = current[name];
    if (was === undefined || now === undefined || was.script !== now.script) edited.push(name);
    else if (was.transcript !== now.transcript) changed.push(name);
  }
  if (changed.length > 0 && !bumped) {
    return {
      kind: 'refused',
      problem:
        `The simulation's behaviour changed: ${texts.changedIn} ${listed(changed)}. ` +
        `A learner's work saved on sim-core ${version} could now replay to another cluster, so bump SIM_CORE_VERSION in sim-core/index.ts ` +
        `(a later major.minor.patch than ${version}), then run \`${texts.recordCommand}\` and commit ${texts.file} with ${texts.commitWith}. ` +
        `If the change is a mistake, fix the simulation instead (README, "Bumping sim-core's version").`,
    };
  }
  if (!bumped && edited.length === 0) return { kind: 'same' };
  const why = bumped ? `SIM_CORE_VERSION is ${version} and the record is ${record.version}'s` : `${texts.cases} were added, edited or removed (${listed(edited)}); that changes no behaviour and needs no bump`;
  return { kind: 'rerecord', problem: `${texts.file} is out of date: ${why}. Run \`${texts.recordCommand}\` and commit the record.`, edited: bumped ? [] : edited };
}

/** The record as committed: one line a case, so that a change reads as the cases it touched. */
export function recordText(record: VersionRecord): string {
  const lines = Object.keys(record.transcripts)
    .sort()
    .map((name) => `    ${JSON.stringify(name)}: ${JSON.stringify(record.transcripts[name]).replace(/([{,:])/g, '$1 ').replace(/}$/, ' }')}`);
  return `{\n  "version": ${JSON.stringify(record.version)},\n  "transcripts": {\n${lines.join(',\n')}\n  }\n}\n`;
}
