import { describe, expect, it } from 'vitest';
import { moveItem, placeItem, shuffledOrder, unplacedItems } from './ordering-state';

describe('moveItem (the Move up / Move down buttons)', () => {
  it('moves one place up or down and leaves the rest in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 2, -1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 1)).toEqual(['b', 'a', 'c', 'd']);
  });
  it('does nothing past either end, and never mutates its input', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, 2, 1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, 5, -1)).toEqual(['a', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('shuffledOrder', () => {
  const ids = ['kubectl', 'apiserver', 'etcd', 'watch', 'controller', 'scheduler', 'kubelet'];
  it('is a permutation, the same for the same question, and never the answer itself', () => {
    const once = shuffledOrder(ids, 'apply-to-running');
    expect([...once].sort()).toEqual([...ids].sort());
    expect(shuffledOrder(ids, 'apply-to-running')).toEqual(once);
    for (const seed of ['a', 'b', 'c', 'quorum', 'watch-chain', 'x'.repeat(50)]) {
      expect(shuffledOrder(ids, seed)).not.toEqual(ids);
      expect(shuffledOrder(['first', 'second'], seed)).toEqual(['second', 'first']);
    }
  });
  it('leaves a single item alone', () => {
    expect(shuffledOrder(['only'], 'q')).toEqual(['only']);
  });
});

describe('classify placements', () => {
  it('places, moves and removes an item, listing what is still unplaced', () => {
    let p = placeItem({}, 'pod', 'record');
    p = placeItem(p, 'kubelet', 'record');
    p = placeItem(p, 'kubelet', 'process');
    expect(p).toEqual({ pod: 'record', kubelet: 'process' });
    expect(unplacedItems(['pod', 'kubelet', 'lease'], p)).toEqual(['lease']);
    expect(placeItem(p, 'pod', '')).toEqual({ kubelet: 'process' });
  });
});
