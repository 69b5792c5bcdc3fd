import { describe, expect, it } from 'vitest';
import { printStructured } from './structured';

const pod = { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'web', labels: { tier: 'a<b', app: 'web' } }, spec: { nodeName: 'node-1' } };

describe('get -o json|yaml', () => {
  it('prints one named object with sorted keys', () => {
    expect(printStructured([pod], 'json', false)).toBe(
      '{\n    "apiVersion": "v1",\n    "kind": "Pod",\n    "metadata": {\n        "labels": {\n            "app": "web",\n            "tier": "a\\u003cb"\n        },\n        "name": "web"\n    },\n    "spec": {\n        "nodeName": "node-1"\n    }\n}\n',
    );
    expect(printStructured([pod], 'yaml', false)).toBe(
      'apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    app: web\n    tier: a<b\n  name: web\nspec:\n  nodeName: node-1\n',
    );
  });
  it('wraps a collection in a List, even an empty one', () => {
    expect(printStructured([], 'yaml', true)).toBe('apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n');
    expect(printStructured([pod, pod], 'yaml', false)).toMatch(/^apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Pod\n/);
  });
});
