import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { config, t } from '@vscode/l10n';
import { YAML_MESSAGES_KO } from './yaml-messages-ko';

// monaco-yaml's worker as the app bundles it: every template it words a problem with
const workerSource = readFileSync(createRequire(import.meta.url).resolve('monaco-yaml/yaml.worker'), 'utf8');
const placeholders = (s: string) => [...s.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();

describe("monaco-yaml's schema problems in Korean", () => {
  it.each(Object.entries(YAML_MESSAGES_KO))('%s is a template of the worker, translated with the same arguments', (english, korean) => {
    // a string literal of the worker's source, in either of the quotes its bundler wrote
    expect(workerSource.includes(JSON.stringify(english)) || workerSource.includes(`'${english}'`)).toBe(true);
    expect(placeholders(korean)).toEqual(placeholders(english));
    expect(korean).toMatch(/[가-힣]/);
  });

  it('covers the problems a learner meets most: an unknown field, a missing one, a wrong type, a value out of range or not in the list', () => {
    for (const m of ['Property {0} is not allowed.', 'Missing property "{0}".', 'Incorrect type. Expected "{0}".', 'Value is below the minimum of {0}.', 'Value is not accepted. Valid values: {0}.']) expect(YAML_MESSAGES_KO[m]).toBeDefined();
  });

  it('is what @vscode/l10n answers once configured with it, as the Korean worker does', () => {
    config({ contents: { ...YAML_MESSAGES_KO } });
    expect(t('Property {0} is not allowed.', 'replica')).toBe('replica 속성은 허용되지 않습니다.');
    expect(t('Incorrect type. Expected "{0}".', 'integer')).toBe('타입이 맞지 않습니다. "integer" 타입이어야 합니다.');
    // a template it has no word for stays English
    expect(t('Flow style mapping is forbidden')).toBe('Flow style mapping is forbidden');
  });
});
