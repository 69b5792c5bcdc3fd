// JSON Schema per kind for the lab editor (Monaco + monaco-yaml), generated from the same
// zod schemas the API server decodes with, so the editor and the server never disagree.
import { z } from 'zod';
import type { KindDefinition } from './kindDefinition';
import { KINDS } from './registry';

export type JsonSchema = Record<string, unknown>;

const cache = new Map<string, JsonSchema>();

/**
 * The API server decodes `null` as "absent" for every field, and kubectl's own dry-run
 * output contains `creationTimestamp: null`, so the editor must accept null wherever a
 * field is optional (that is, everywhere below the top level).
 */
function allowNull(schema: unknown): void {
  if (Array.isArray(schema)) {
    schema.forEach(allowNull);
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as JsonSchema;
  for (const value of Object.values(node)) allowNull(value);
  const properties = node.properties as Record<string, JsonSchema> | undefined;
  for (const prop of Object.values(properties ?? {})) {
    if (typeof prop.type === 'string') prop.type = [prop.type, 'null'];
    else if (Array.isArray(prop.anyOf)) prop.anyOf = [...(prop.anyOf as unknown[]), { type: 'null' }];
  }
}

function generate(def: KindDefinition): JsonSchema {
  // Input shape: what a learner may write. Refinements (quantities, base64) cannot be
  // expressed in JSON Schema and are checked by the server.
  const schema = z.toJSONSchema(def.schema, { io: 'input', unrepresentable: 'any', target: 'draft-7' }) as JsonSchema;
  allowNull(schema);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  properties.apiVersion = { type: 'string', const: def.apiVersion };
  properties.kind = { type: 'string', const: def.kind };
  return {
    ...schema,
    title: def.kind,
    description: `${def.kind} (${def.apiVersion}), as served by the simulated API server`,
    properties,
    required: ['apiVersion', 'kind', 'metadata'],
  };
}

/** JSON Schema for a kind, by kind name (`Deployment`) or by `apiVersion/kind`. */
export function jsonSchemaFor(kind: string): JsonSchema | undefined {
  const def = KINDS.find((k) => k.kind === kind || `${k.apiVersion}/${k.kind}` === kind);
  if (!def) return undefined;
  const key = `${def.apiVersion}/${def.kind}`;
  let schema = cache.get(key);
  if (!schema) {
    schema = generate(def);
    cache.set(key, schema);
  }
  return schema;
}

/** One schema accepting any served kind, chosen by apiVersion and kind (for multi-document files). */
export function manifestJsonSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Kubernetes manifest',
    oneOf: KINDS.map((k) => jsonSchemaFor(k.kind)),
  };
}
