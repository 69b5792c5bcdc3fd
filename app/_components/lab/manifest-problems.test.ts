// The Problems list names what Apply would refuse, in Apply's words, and never shows a
// crash of the editor's own YAML parser.
import { describe, expect, it } from 'vitest';
import { decoderProblem, mergeProblems, type EditorProblem } from './manifest-problems';

const laughs = [
  'apiVersion: v1',
  'kind: ConfigMap',
  'metadata:',
  '  name: lol',
  'data:',
  '  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefghi'.split('').map((c, i) => `  ${c}: &${c} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`),
].join('\n');
const deep = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\ndata:\n  x: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`;
const crash: EditorProblem = { path: 'deployment.yaml', line: 6, column: 1, message: 'Maximum call stack size exceeded', severity: 'error' };

describe('the Problems list agrees with Apply', () => {
  it("reports a billion-laughs file with Apply's own refusal", () => {
    const p = decoderProblem('deployment.yaml', laughs);
    expect(p).toMatchObject({ path: 'deployment.yaml', severity: 'error' });
    expect(p!.message).toMatch(/^error: error parsing deployment\.yaml: error converting YAML to JSON: yaml: line \d+: document contains excessive aliasing$/);
  });

  it("reports a file nested 20,000 deep with Apply's refusal instead of the editor parser's crash", () => {
    const p = decoderProblem('deployment.yaml', deep)!;
    expect(p.message).toContain('exceeded max depth of 100');
    const list = mergeProblems([crash], [p]);
    expect(list).toEqual([p]);
    expect(list.map((x) => x.message).join('\n')).not.toContain('Maximum call stack');
  });

  it("keeps the schema's problems of a file Apply reads, and ignores files Apply does not read as manifests", () => {
    expect(decoderProblem('web.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n')).toBeUndefined();
    expect(decoderProblem('notes/answer.txt', laughs)).toBeUndefined();
    const schema: EditorProblem = { path: 'web.yaml', line: 3, column: 3, message: 'Incorrect type', severity: 'error' };
    expect(mergeProblems([schema], [])).toEqual([schema]);
  });
});
