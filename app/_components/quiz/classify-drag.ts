// What a classify item carries while it is dragged (HTML5 drag and drop), and what a bucket
// or the list of items accepts when something is dropped on it (tested in classify-drag.test.ts). Anything can be
// dropped on a page — text from another tab, a file, an item of another classify question —
// so a drop counts only when it carries our own type, names this question, and names one of
// its items. text/plain is set too, so that the drag also starts in browsers that want a
// plain type, and so that an item let go in a text field reads as the item's words.

/** The custom type the item travels under; browsers lowercase types, so this one is lowercase. */
export const ITEM_TYPE = 'application/x-reconcile-item';

interface Payload {
  question: string;
  item: string;
}

/** Called from dragstart: puts the item (of the question `name`) on the drag. */
export function startItemDrag(dataTransfer: Pick<DataTransfer, 'setData' | 'effectAllowed'>, name: string, item: { id: string; label: string }): void {
  const payload: Payload = { question: name, item: item.id };
  dataTransfer.setData(ITEM_TYPE, JSON.stringify(payload));
  dataTransfer.setData('text/plain', item.label);
  dataTransfer.effectAllowed = 'move';
}

/**
 * During dragover the data cannot be read (the drag data store is protected until the drop),
 * only its types: true when the drag may be one of our items, so a bucket may take it.
 */
export function carriesItem(types: readonly string[]): boolean {
  return types.includes(ITEM_TYPE);
}

/** Called from drop: the id of the item of question `name` that was dropped, or null for anything else. */
export function droppedItem(dataTransfer: Pick<DataTransfer, 'getData'>, name: string, itemIds: readonly string[]): string | null {
  const raw = dataTransfer.getData(ITEM_TYPE);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { question, item } = parsed as Partial<Record<keyof Payload, unknown>>;
  if (question !== name || typeof item !== 'string' || !itemIds.includes(item)) return null;
  return item;
}

/**
 * Called from a drop on the list of items: the item of question `name` to take out of its
 * bucket (as choosing "Choose a group…" in its select does), or null for anything else and
 * for an item in no bucket, which has nothing to undo.
 */
export function itemTakenBack(dataTransfer: Pick<DataTransfer, 'getData'>, name: string, itemIds: readonly string[], placements: Readonly<Record<string, string>>): string | null {
  const id = droppedItem(dataTransfer, name, itemIds);
  return id !== null && Object.hasOwn(placements, id) && placements[id] !== '' ? id : null;
}
