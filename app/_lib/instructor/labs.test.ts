import { describe, expect, it } from 'vitest';
import type { ContentSet } from '../content';
import { labOrder } from './labs';

/** Just what labOrder reads: each course's lab list and the loaded labs' ids. */
function contentWith(courseLabs: string[][], loaded: string[]): Pick<ContentSet, 'courses' | 'labs'> {
  return {
    courses: courseLabs.map((labs, i) => ({ id: `c${i}`, course: { labs } }) as unknown as ContentSet['courses'][number]),
    labs: new Map(loaded.map((id) => [id, {} as never])),
  };
}

describe('labOrder', () => {
  it('lists labs as the courses do, not by id, then unlisted labs, then ids only attempts still name', () => {
    const content = contentWith([['first-deployment', 'etcd-read-the-truth'], ['scheduling', 'first-deployment']], ['etcd-read-the-truth', 'scheduling', 'first-deployment', 'draft-lab', 'another-draft']);
    expect(labOrder(content, ['old-lab', 'scheduling', 'gone-lab'])).toEqual(['first-deployment', 'etcd-read-the-truth', 'scheduling', 'another-draft', 'draft-lab', 'gone-lab', 'old-lab']);
  });

  it('skips a lab a course lists but the content could not load, unless attempts name it', () => {
    expect(labOrder(contentWith([['broken', 'ok']], ['ok']))).toEqual(['ok']);
    expect(labOrder(contentWith([['broken', 'ok']], ['ok']), ['broken'])).toEqual(['ok', 'broken']);
  });
});
