// Every UI string exists in both languages, with the same ICU arguments.
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import ko from '../../../messages/ko.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The top-level ICU argument names of a message: `{count, plural, …}` → count. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  let depth = 0;
  for (let i = 0; i < message.length; i++) {
    const ch = message[i];
    if (ch === '{') {
      if (depth === 0) {
        const match = /^\{\s*([A-Za-z_][\w]*)/.exec(message.slice(i));
        if (match?.[1]) names.add(match[1]);
      }
      depth++;
    } else if (ch === '}') depth--;
  }
  return [...names].sort();
}

describe('message catalogues', () => {
  const enFlat = flatten(en as Tree);
  const koFlat = flatten(ko as Tree);

  it('have the same keys in Korean and English', () => {
    expect([...koFlat.keys()].sort()).toEqual([...enFlat.keys()].sort());
  });

  it('use the same arguments in both languages', () => {
    for (const [key, message] of enFlat) {
      expect({ key, args: argumentsOf(koFlat.get(key) ?? '') }).toEqual({ key, args: argumentsOf(message) });
    }
  });

  // The Korean lessons write Kubernetes kinds in English (Pod, Deployment, ReplicaSet,
  // Service), so the UI around them does too: a learner should not meet "팟" in the
  // cluster view and "Pod" in the lesson beside it.
  it('name Kubernetes kinds in Korean as the lessons do', () => {
    const transliterated = /팟|파드|디플로이먼트|레플리카셋|서비스/;
    const found = [...koFlat].filter(([, message]) => transliterated.test(message)).map(([key, message]) => `${key}: ${message}`);
    expect(found).toEqual([]);
  });

  it('have no empty messages', () => {
    for (const [key, message] of [...enFlat, ...koFlat]) expect({ key, empty: message.trim() === '' }).toEqual({ key, empty: false });
  });
});
