import { describe, expect, it } from 'vitest';
import { carriesItem, droppedItem, itemTakenBack, ITEM_TYPE, startItemDrag } from './classify-drag';

/** The part of a DataTransfer the drag handlers use: a store of strings by type. */
function fakeTransfer(initial: Record<string, string> = {}) {
  const store = new Map(Object.entries(initial));
  return {
    effectAllowed: 'uninitialized' as DataTransfer['effectAllowed'],
    setData: (type: string, data: string) => void store.set(type, data),
    getData: (type: string) => store.get(type) ?? '',
    get types() {
      return [...store.keys()];
    },
  };
}

const NAME = 'q-classify-records-and-processes';
const ITEMS = ['configmap', 'kubelet', 'scheduler'];

describe('dragging a classify item into a bucket', () => {
  it('carries the item of this question to the drop, as a move', () => {
    const dt = fakeTransfer();
    startItemDrag(dt, NAME, { id: 'kubelet', label: 'kubelet' });
    expect(dt.effectAllowed).toBe('move');
    expect(carriesItem(dt.types)).toBe(true);
    expect(droppedItem(dt, NAME, ITEMS)).toBe('kubelet');
  });

  it('puts the item’s words, not its id or our JSON, under text/plain', () => {
    const dt = fakeTransfer();
    startItemDrag(dt, NAME, { id: 'configmap', label: 'ConfigMap app-config' });
    expect(dt.getData('text/plain')).toBe('ConfigMap app-config');
  });

  it('ignores text dragged in from elsewhere, even when it spells an item id', () => {
    const dt = fakeTransfer({ 'text/plain': 'kubelet', 'text/html': '<b>kubelet</b>' });
    expect(carriesItem(dt.types)).toBe(false);
    expect(droppedItem(dt, NAME, ITEMS)).toBeNull();
  });

  it('ignores an item of another question dropped on this one', () => {
    const dt = fakeTransfer();
    startItemDrag(dt, 'q-another-classify', { id: 'kubelet', label: 'kubelet' });
    expect(droppedItem(dt, NAME, ITEMS)).toBeNull();
  });

  it('ignores an unknown item id and a malformed payload under our type', () => {
    expect(droppedItem(fakeTransfer({ [ITEM_TYPE]: JSON.stringify({ question: NAME, item: 'etcd-member' }) }), NAME, ITEMS)).toBeNull();
    expect(droppedItem(fakeTransfer({ [ITEM_TYPE]: JSON.stringify({ question: NAME, item: 3 }) }), NAME, ITEMS)).toBeNull();
    expect(droppedItem(fakeTransfer({ [ITEM_TYPE]: 'kubelet' }), NAME, ITEMS)).toBeNull();
    expect(droppedItem(fakeTransfer({ [ITEM_TYPE]: 'null' }), NAME, ITEMS)).toBeNull();
    // "toString" is on every object's prototype, not an item
    expect(droppedItem(fakeTransfer({ [ITEM_TYPE]: JSON.stringify({ question: NAME, item: 'toString' }) }), NAME, ITEMS)).toBeNull();
  });
});

describe('dragging a classify item back to the list of items', () => {
  const drag = (name: string, item: string) => {
    const dt = fakeTransfer();
    startItemDrag(dt, name, { id: item, label: item });
    return dt;
  };

  it('takes an item of this question out of its bucket', () => {
    expect(itemTakenBack(drag(NAME, 'kubelet'), NAME, ITEMS, { kubelet: 'process', configmap: 'record' })).toBe('kubelet');
  });

  it('has nothing to take back from an item in no bucket', () => {
    expect(itemTakenBack(drag(NAME, 'scheduler'), NAME, ITEMS, { kubelet: 'process' })).toBeNull();
    expect(itemTakenBack(drag(NAME, 'scheduler'), NAME, ITEMS, { scheduler: '' })).toBeNull();
  });

  it('ignores another question’s item, text from elsewhere, and an id that is not this question’s', () => {
    expect(itemTakenBack(drag('q-another-classify', 'kubelet'), NAME, ITEMS, { kubelet: 'process' })).toBeNull();
    expect(itemTakenBack(fakeTransfer({ 'text/plain': 'kubelet' }), NAME, ITEMS, { kubelet: 'process' })).toBeNull();
    expect(itemTakenBack(drag(NAME, 'etcd-member'), NAME, ITEMS, { 'etcd-member': 'process' })).toBeNull();
  });

  it('reads only the learner’s own placements, not what every object inherits', () => {
    // an item named like a property of Object.prototype, in no bucket
    expect(itemTakenBack(drag(NAME, 'constructor'), NAME, [...ITEMS, 'constructor'], {})).toBeNull();
  });
});
