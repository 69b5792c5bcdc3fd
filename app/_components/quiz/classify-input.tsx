'use client';
// Classify: an item is dragged with the mouse into a bucket, or its bucket is chosen from
// the item's labelled select — the path for the keyboard, every assistive technology, and
// touch screens without HTML5 drag and drop. Both change the same placements, so the select
// shows where a dropped item went, and a drop is announced politely. The buckets show what
// has been put in them so far; an item shown there can be dragged on to the other bucket, or
// back to the list of items, which takes it out of its bucket.
import { useState, type DragEvent } from 'react';
import { useTranslations } from 'next-intl';
import { Mark, type Marks } from './choice-input';
import { carriesItem, droppedItem, itemTakenBack, startItemDrag } from './classify-drag';
import { placeItem } from './ordering-state';
import type { ChoiceView } from './types';
import styles from './quiz.module.css';

interface Props {
  marks?: Marks;
  name: string;
  promptId: string;
  buckets: ChoiceView[];
  items: ChoiceView[];
  placements: Readonly<Record<string, string>>;
  disabled: boolean;
  onChange: (placements: Record<string, string>) => void;
}

export function ClassifyInput({ marks, name, promptId, buckets, items, placements, disabled, onChange }: Props) {
  const t = useTranslations('quiz');
  // the item being dragged from this question: only such a drag lights the buckets up and
  // may be dropped (not text or files from elsewhere, nor another question's items)
  const [dragged, setDragged] = useState<string | null>(null);
  // the bucket that drag started in, null when it started in the list of items
  const [draggedFrom, setDraggedFrom] = useState<string | null>(null);
  // the bucket under the pointer during that drag, and whether the list of items is
  const [over, setOver] = useState<string | null>(null);
  const [overList, setOverList] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const itemIds = items.map((i) => i.id);

  const endDrag = () => {
    setDragged(null);
    setDraggedFrom(null);
    setOver(null);
    setOverList(false);
  };
  // the list of items takes only an item dragged out of a bucket: a row picked up and let go
  // in the list it started in is a drag given up, not an answer taken back
  const listTakes = !disabled && dragged !== null && draggedFrom !== null;

  // after submit nothing is draggable, and no handler is left to start a drag
  const dragSource = (item: ChoiceView, from: string | null) =>
    disabled
      ? { draggable: false }
      : {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            startItemDrag(e.dataTransfer, name, item);
            setDragged(item.id);
            setDraggedFrom(from);
          },
          onDragEnd: endDrag,
        };

  const dropTarget = (bucket: ChoiceView) => ({
    onDragOver: (e: DragEvent) => {
      // not cancelling dragover is how a page says "no drop here"
      if (disabled || dragged === null || !carriesItem(e.dataTransfer.types)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (over !== bucket.id) setOver(bucket.id);
    },
    onDragLeave: (e: DragEvent) => {
      // moving onto the bucket's own title or list is not leaving it
      if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
      setOver((o) => (o === bucket.id ? null : o));
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      endDrag();
      if (disabled) return;
      const id = droppedItem(e.dataTransfer, name, itemIds);
      if (id === null) return;
      onChange(placeItem(placements, id, bucket.id));
      setAnnouncement(t('dropped', { item: items.find((i) => i.id === id)?.label ?? id, bucket: bucket.label }));
    },
  });

  // the list of items as a drop target: the same checks as a bucket's, and the same change as
  // choosing "Choose a group…" in the item's select
  const listTarget = {
    onDragOver: (e: DragEvent) => {
      if (!listTakes || !carriesItem(e.dataTransfer.types)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (!overList) setOverList(true);
    },
    onDragLeave: (e: DragEvent) => {
      // moving onto a row of the list is not leaving it
      if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
      setOverList(false);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      endDrag();
      if (!listTakes) return;
      const id = itemTakenBack(e.dataTransfer, name, itemIds, placements);
      if (id === null) return;
      const bucket = buckets.find((b) => b.id === placements[id]);
      onChange(placeItem(placements, id, ''));
      setAnnouncement(t('takenBack', { item: items.find((i) => i.id === id)?.label ?? id, bucket: bucket?.label ?? placements[id] ?? '' }));
    },
  };
  const listState = overList && listTakes ? ' is-drop-target' : listTakes ? ' is-drop-ready' : '';

  return (
    <div className="quiz-classify">
      <p className="muted">{t('classifyHint')}</p>
      <fieldset className={`classify-items ${styles.itemList}${listState}`} aria-labelledby={promptId} {...listTarget}>
        {items.map((item) => {
          const id = `${name}-${item.id}`;
          return (
            <div key={item.id} className={`classify-item${dragged === item.id ? ' is-dragging' : ''}`}>
              <span className="classify-item-handle" {...dragSource(item, null)}>
                {disabled ? null : <Grip />}
                <label htmlFor={id} dangerouslySetInnerHTML={{ __html: item.html }} />
              </span>
              <Mark mark={marks?.get(item.id)} />
              <select id={id} value={placements[item.id] ?? ''} disabled={disabled} onChange={(e) => onChange(placeItem(placements, item.id, e.target.value))}>
                <option value="">{t('chooseBucket')}</option>
                {buckets.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.label}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </fieldset>
      <div className="classify-buckets">
        {buckets.map((b) => {
          const inside = items.filter((i) => placements[i.id] === b.id);
          const state = over === b.id ? ' is-drop-target' : dragged !== null ? ' is-drop-ready' : '';
          return (
            <section key={b.id} className={`classify-bucket${state}`} aria-label={b.label} {...dropTarget(b)}>
              <p className="classify-bucket-title" dangerouslySetInnerHTML={{ __html: b.html }} />
              {inside.length === 0 ? (
                <p className="muted">{t('bucketEmpty')}</p>
              ) : (
                <ul>
                  {inside.map((i) => (
                    <li key={i.id} className={dragged === i.id ? 'is-dragging' : undefined} {...dragSource(i, b.id)} dangerouslySetInnerHTML={{ __html: i.html }} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/** Six dots: the usual sign that a row can be picked up and dragged (decoration only). */
function Grip() {
  return (
    <svg className="classify-grip" aria-hidden="true" focusable="false" width="10" height="16" viewBox="0 0 10 16" fill="currentColor">
      {[3, 8, 13].flatMap((y) => [<circle key={`l${y}`} cx="2.5" cy={y} r="1.5" />, <circle key={`r${y}`} cx="7.5" cy={y} r="1.5" />])}
    </svg>
  );
}
