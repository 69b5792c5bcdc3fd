// The editor's schema speaks the page's language in its hovers (the title and each kind's
// description) and validates the same in both.
import { describe, expect, it } from 'vitest';
import { KINDS } from '@/sim-core/apiserver/kinds';
import { manifestSchema } from './editor-schema';
import { KIND_DESCRIPTIONS } from './kind-descriptions';

type Schema = { title?: string; description?: string; allOf: { then: { title: string; description?: string; properties: { kind: { const: string; description?: string } } } }[] };

/** The schema without the texts a hover shows: what validation reads. */
function withoutTexts(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === 'description' || key === 'title' ? undefined : value)));
}

describe("the editor's schema in the page's language", () => {
  it('describes every served kind in Korean on a Korean page and in English on any other, naming the kind and its apiVersion', () => {
    const ko = manifestSchema('ko') as Schema;
    const en = manifestSchema('en') as Schema;
    expect([ko.title, en.title]).toEqual(['쿠버네티스 매니페스트', 'Kubernetes manifest']);
    expect(ko.allOf.map((k) => k.then.title)).toEqual(KINDS.map((k) => k.kind));
    KINDS.forEach((k, i) => {
      const [koText, enText] = [ko.allOf[i]!.then.description, en.allOf[i]!.then.description];
      expect(koText, k.kind).toBe(KIND_DESCRIPTIONS.ko[k.kind]);
      expect(enText, k.kind).toBe(KIND_DESCRIPTIONS.en[k.kind]);
      // on the kind itself too: what the hover over `kind: Deployment` shows
      expect([ko.allOf[i]!.then.properties.kind, en.allOf[i]!.then.properties.kind], k.kind).toEqual([
        { type: 'string', const: k.kind, description: koText },
        { type: 'string', const: k.kind, description: enText },
      ]);
      expect(koText, k.kind).toMatch(new RegExp(`^${k.kind}\\(${k.apiVersion.replaceAll('.', '\\.')}\\): .*[가-힣]`));
      expect(enText, k.kind).toMatch(new RegExp(`^${k.kind} \\(${k.apiVersion.replaceAll('.', '\\.')}\\): [^가-힣]+$`));
    });
    // no description for a kind the cluster does not serve
    expect(Object.keys(KIND_DESCRIPTIONS.ko).sort()).toEqual(KINDS.map((k) => k.kind).sort());
    expect(Object.keys(KIND_DESCRIPTIONS.en).sort()).toEqual(KINDS.map((k) => k.kind).sort());
    expect(manifestSchema('fr')).toBe(manifestSchema('en'));
  });

  it('validates the same in both languages: only the hovers differ', () => {
    expect(withoutTexts(manifestSchema('ko'))).toEqual(withoutTexts(manifestSchema('en')));
    expect(JSON.stringify(manifestSchema('ko'))).not.toBe(JSON.stringify(manifestSchema('en')));
  });
});
