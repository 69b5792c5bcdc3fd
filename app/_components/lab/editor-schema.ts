// The JSON Schema Monaco validates manifests against, built from sim-core's kinds — the
// zod schemas the simulated API server decodes with (one source of truth: the editor and
// the server cannot disagree). One schema covers every kind: `kind` selects the kind's
// own schema through if/then, so a Deployment's `replicas: "three"` is reported at its
// line as the Deployment schema's type error, not as "matches none of N schemas".
import { KINDS, jsonSchemaFor, type JsonSchema } from '@/sim-core/apiserver/kinds';

/** The workspace's files live under this URI; the schema's fileMatch covers them. */
export const WORKSPACE_URI = 'file:///workspace/';
export const MANIFEST_FILE_MATCH = [`${WORKSPACE_URI}**/*.yaml`, `${WORKSPACE_URI}**/*.yml`];
/** Never fetched (schema requests are off); it names the schema in hovers. */
export const MANIFEST_SCHEMA_URI = 'inmemory://reconcile/kubernetes-manifest.schema.json';

export function modelUri(path: string): string {
  return `${WORKSPACE_URI}${path}`;
}

let built: JsonSchema | undefined;

export function manifestSchema(): JsonSchema {
  built ??= {
    title: 'Kubernetes manifest',
    type: 'object',
    required: ['apiVersion', 'kind', 'metadata'],
    properties: {
      apiVersion: { type: 'string', enum: [...new Set(KINDS.map((k) => k.apiVersion))] },
      kind: { type: 'string', enum: KINDS.map((k) => k.kind) },
    },
    allOf: KINDS.map((k) => {
      const { $schema: _draft, ...schema } = jsonSchemaFor(k.kind) ?? {};
      return { if: { properties: { kind: { const: k.kind } }, required: ['kind'] }, then: schema };
    }),
  };
  return built;
}
