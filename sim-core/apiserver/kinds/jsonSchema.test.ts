// JSON Schema for the lab editor: valid draft-07 for every kind (checked by compiling it
// with ajv, which validates the schema against the draft-07 meta-schema) and agreeing
// with the API server's own decoder on good and bad manifests.
import Ajv from 'ajv';
import { describe, expect, test } from 'vitest';
import { KINDS, createDeployment, jsonSchemaFor, manifestJsonSchema } from './index';

const ajv = new Ajv({ allErrors: true, strictKeywords: false } as Record<string, unknown>);

describe('jsonSchemaFor', () => {
  test.each(KINDS.map((k) => k.kind))('%s has a valid draft-07 schema', (kind) => {
    const schema = jsonSchemaFor(kind);
    expect(schema).toBeDefined();
    expect(ajv.validateSchema(schema as object)).toBe(true);
    expect(() => ajv.compile(schema as object)).not.toThrow();
    expect(schema?.properties).toMatchObject({ kind: { const: kind } });
  });

  test('kubectl create deployment output validates; a typo does not', () => {
    const validate = ajv.compile(jsonSchemaFor('Deployment') as object);
    const generated = createDeployment({ name: 'web', images: ['nginx:1.27'], replicas: 3, port: 80 });
    if (!generated.ok) throw new Error(generated.error);
    // As printed, with `creationTimestamp: null`: the server accepts it, so must the editor.
    const printed = generated.object as { spec: Record<string, unknown> };
    expect(validate(printed)).toBe(true);
    const typo = { ...printed, spec: { ...printed.spec, replicaz: 3 } };
    expect(validate(typo)).toBe(false);
    const wrongType = { ...printed, spec: { ...printed.spec, replicas: 'three' } };
    expect(validate(wrongType)).toBe(false);
    expect(validate({ ...printed, kind: 'Pod' })).toBe(false);
  });

  test('unknown kinds have no schema; the combined schema covers every kind', () => {
    expect(jsonSchemaFor('Frob')).toBeUndefined();
    expect(jsonSchemaFor('apps/v1/Deployment')).toBe(jsonSchemaFor('Deployment'));
    const all = manifestJsonSchema();
    expect((all.oneOf as unknown[]).length).toBe(KINDS.length);
    expect(ajv.validateSchema(all)).toBe(true);
  });
});
