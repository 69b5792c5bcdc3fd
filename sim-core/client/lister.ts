// Listers (client-go listers/*): read-only views of an informer's cache, by key, by
// namespace and by label selector. What they hand out is the frozen cached object itself:
// copy it (deepCopy) before changing anything.
import { selectorMatches, type LabelSelector } from '../apiserver';
import type { KubeObject } from './api';
import type { Store } from './store';

export interface Lister<T extends KubeObject> {
  /** by `namespace/name` key */
  get(key: string): T | undefined;
  /** every object in a namespace (all namespaces when undefined), sorted by key */
  list(namespace?: string, selector?: LabelSelector): readonly T[];
}

export function listerFor<T extends KubeObject>(store: Store<T>): Lister<T> {
  return {
    get: (key) => store.get(key),
    list(namespace, selector) {
      return store.list().filter(
        (o) =>
          (namespace === undefined || (o.metadata?.namespace ?? '') === namespace) &&
          (selector === undefined || selectorMatches(selector, o.metadata?.labels)),
      );
    },
  };
}
