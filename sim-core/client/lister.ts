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
  /** the objects a store index (Store.addIndex) files under `value`, sorted by key */
  byIndex(name: string, value: string): readonly T[];
}

export function listerFor<T extends KubeObject>(store: Store<T>): Lister<T> {
  return {
    get: (key) => store.get(key),
    byIndex: (name, value) => store.byIndex(name, value),
    list(namespace, selector) {
      // the namespace index: one namespace's objects without scanning the rest
      const objs = namespace === undefined ? store.list() : store.listIn(namespace);
      return selector === undefined ? objs : objs.filter((o) => selectorMatches(selector, o.metadata?.labels));
    },
  };
}
