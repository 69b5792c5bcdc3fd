// The JSON Schema Monaco validates manifests against, built from sim-core's kinds — the
// zod schemas the simulated API server decodes with (one source of truth: the editor and
// the server cannot disagree). One schema covers every kind: `kind` selects the kind's
// own schema through if/then, so a Deployment's `replicas: "three"` is reported at its
// line as the Deployment schema's type error, not as "matches none of N schemas". The
// hovers' title and each kind's description are in the page's language (kind-descriptions.ts).
import { KINDS, jsonSchemaFor, type JsonSchema } from '@/sim-core/apiserver/kinds';
import type { Locale } from '@/app/_lib/i18n/routing';
import { KIND_DESCRIPTIONS, MANIFEST_TITLE } from './kind-descriptions';

/** The workspace's files live under this URI; the schema's fileMatch covers them. */
export const WORKSPACE_URI = 'file:///workspace/';
export const MANIFEST_FILE_MATCH = [`${WORKSPACE_URI}**/*.yaml`, `${WORKSPACE_URI}**/*.yml`];
/** Never fetched (schema requests are off); it names the schema in hovers. */
export const MANIFEST_SCHEMA_URI = 'inmemory://reconcile/kubernetes-manifest.schema.json';

export function modelUri(path: string): string {
  return `${WORKSPACE_URI}${path}`;
}

const built = new Map<Locale, JsonSchema>();

/** The schema, its title and its kinds' descriptions (the editor's hovers) in `locale`'s language (Korean, or English for anything else). */
export function manifestSchema(locale: string): JsonSchema {
  const lang: Locale = locale === 'ko' ? 'ko' : 'en';
  let schema = built.get(lang);
  if (schema === undefined) {
    schema = {
      title: MANIFEST_TITLE[lang],
      type: 'object',
      required: ['apiVersion', 'kind', 'metadata'],
      properties: {
        apiVersion: { type: 'string', enum: [...new Set(KINDS.map((k) => k.apiVersion))] },
        kind: { type: 'string', enum: KINDS.map((k) => k.kind) },
      },
      allOf: KINDS.map((k) => {
        const { $schema: _draft, ...kind } = jsonSchemaFor(k.kind) ?? {};
        const description = KIND_DESCRIPTIONS[lang][k.kind] ?? kind.description;
        // hovering `kind:` (or its value) shows it: monaco-yaml's hover describes the node under the pointer
        const properties = kind.properties as Record<string, JsonSchema>;
        return { if: { properties: { kind: { const: k.kind } }, required: ['kind'] }, then: { ...kind, description, properties: { ...properties, kind: { ...properties.kind, description } } } };
      }),
    };
    built.set(lang, schema);
  }
  return schema;
}
