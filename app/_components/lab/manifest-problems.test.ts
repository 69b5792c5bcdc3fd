// The Problems list names what Apply would refuse, in Apply's words, and never shows a
// crash of the editor's own YAML parser.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/app/_lib/content/loader';
import { decoderProblem, mergeProblems, VALIDATION_MAX_BYTES, validationProblems, type EditorProblem, type LiveCheck } from './manifest-problems';
import { deploymentYaml } from './test-manifests';

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

const deployment = (containers: string, replicas = 3) => deploymentYaml({ containers, replicas });

describe("the Problems list names what the API server's validation would refuse", () => {
  it('a container with no image, at the line of that container, in the server words', () => {
    expect(validationProblems('web.yaml', deployment('        - name: web\n          image: nginx:1.27\n'))).toEqual([]);
    expect(validationProblems('web.yaml', deployment('        - name: web\n'))).toEqual([
      { path: 'web.yaml', line: 16, column: 1, message: 'spec.template.spec.containers[0].image: Required value', severity: 'warning', source: 'apiserver' },
    ]);
  });

  it('a negative replicas at its own line; the second document of a file at its lines; nothing for a file the decoder refuses', () => {
    const bad = deployment('        - name: web\n          image: nginx:1.27', -1);
    expect(validationProblems('web.yaml', bad)).toEqual([
      { path: 'web.yaml', line: 6, column: 1, message: 'spec.replicas: Invalid value: -1: must be greater than or equal to 0', severity: 'warning', source: 'apiserver' },
    ]);
    const two = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n---\n${bad}`;
    expect(validationProblems('all.yaml', two).map((p) => p.line)).toEqual([11]);
    expect(validationProblems('web.yaml', laughs)).toEqual([]);
    expect(validationProblems('notes.txt', bad)).toEqual([]);
  });

  it("runs the create path's own steps first: a cluster-scoped kind's namespace dropped, generateName's name, a missing namespace", () => {
    expect(validationProblems('ns.yaml', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n  namespace: default\n')).toEqual([]);
    expect(validationProblems('pod.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  generateName: job-\nspec:\n  containers:\n    - name: c\n      image: busybox:1.36\n')).toEqual([]);
    expect(validationProblems('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  a: b\n')).toEqual([]);
  });

  it('leaves a file larger than the cap to Apply', () => {
    const big = `${deployment('        - name: web\n')}\n${'# padding\n'.repeat(VALIDATION_MAX_BYTES / 10)}`;
    expect(big.length).toBeGreaterThan(VALIDATION_MAX_BYTES);
    expect(validationProblems('web.yaml', big)).toEqual([]);
  });

  it("finds nothing in the manifests every lab's reference solution writes", () => {
    const { content } = loadContent(path.resolve(import.meta.dirname, '../../../content'));
    let files = 0;
    for (const lab of content.labs.values()) {
      const last = new Map<string, string>(Object.entries(lab.starterFiles));
      for (const action of lab.solution ?? []) if (action.type === 'writeFile') last.set(action.path, action.content);
      for (const [file, text] of last) {
        if (decoderProblem(file, text) !== undefined) continue;
        files += 1;
        expect(validationProblems(file, text), `${lab.lab.id}: ${file}`).toEqual([]);
      }
    }
    expect(files).toBeGreaterThan(10);
  });
});

describe('what the live cluster says of an object (a LiveCheck) is listed at the lines of the file', () => {
  const service = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  type: NodePort\n  selector:\n    app: web\n  ports:\n    - port: 80\n      nodePort: 30080\n';
  /** A cluster holding only `live`, kubectl failing on every update of it; its allocators refuse every new Service. */
  function cluster(live?: string): LiveCheck & { created: string[] } {
    const created: string[] = [];
    return {
      created,
      update: (_object, _def, _namespace, name) => (name === live ? { errors: [], failure: { message: 'list element types are not identical', output: 'error: error when applying patch:\n…', field: 'spec.ports' }, updates: `service/${name}` } : undefined),
      create(def, admitted) {
        created.push(`${def.kind}/${String((admitted.metadata as { name?: string }).name)}`);
        return def.kind === 'Service' ? { errors: [{ type: 'Invalid value', field: 'spec.ports[0].nodePort', badValue: { kind: 'number', value: 30080 }, detail: 'provided port is already allocated' }] } : { errors: [] };
      },
    };
  }

  it("a new object the create path's validation admits is handed to the cluster's allocators; one it refuses is not", () => {
    const check = cluster();
    expect(validationProblems('svc.yaml', service, check)).toEqual([
      { path: 'svc.yaml', line: 11, column: 1, message: 'spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated', severity: 'warning', source: 'apiserver' },
    ]);
    expect(check.created).toEqual(['Service/web']);
    // refused by validation (a port of 0): only validation's refusal, the allocators never asked
    expect(validationProblems('svc.yaml', service.replace('port: 80', 'port: 0'), check).map((p) => p.message)).toEqual([
      'spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive',
      // targetPort defaults to the port
      'spec.ports[0].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive',
    ]);
    expect(check.created).toEqual(['Service/web']);
  });

  it("an update Apply would fail on is listed as kubectl's, at the field it names (the whole file when it names none), with kubectl's whole text", () => {
    expect(validationProblems('svc.yaml', service, cluster('web'))).toEqual([
      { path: 'svc.yaml', line: 9, column: 1, message: 'list element types are not identical', severity: 'warning', source: 'kubectl', updates: 'service/web', output: 'error: error when applying patch:\n…' },
    ]);
    const nowhere: LiveCheck = { ...cluster(), update: (_o, _d, _n, name) => ({ errors: [], failure: { message: 'Error from server: duplicate nodePort: {TCP 30080}' }, updates: `service/${name}` }) };
    expect(validationProblems('svc.yaml', service, nowhere).map((p) => [p.line, p.source])).toEqual([[0, 'kubectl']]);
  });
});
