'use client';
// Ordering without drag and drop: each item has "Move up" and "Move down" buttons, so the
// keyboard and switch users get the same interaction as everyone else. Focus stays on the
// moved item's button, and the new position is announced. After a wrong answer each step
// is marked as at its place or not (an icon and a word).
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Mark, type Marks } from './choice-input';
import { moveItem } from './ordering-state';
import type { ChoiceView } from './types';

interface Props {
  promptId: string;
  items: ChoiceView[];
  order: readonly string[];
  disabled: boolean;
  marks?: Marks;
  onChange: (order: string[]) => void;
}

export function OrderingInput({ promptId, items, order, disabled, marks, onChange }: Props) {
  const t = useTranslations('quiz');
  const placeWords = { right: t('inPlace'), wrong: t('outOfPlace') };
  const byId = new Map(items.map((i) => [i.id, i]));
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focus, setFocus] = useState<{ id: string; dir: 'up' | 'down' } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!focus) return;
    const wanted = buttons.current.get(`${focus.id}:${focus.dir}`);
    const other = buttons.current.get(`${focus.id}:${focus.dir === 'up' ? 'down' : 'up'}`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [focus, order]);

  const move = (index: number, delta: number) => {
    const next = moveItem(order, index, delta);
    const id = order[index]!;
    onChange(next);
    setFocus({ id, dir: delta < 0 ? 'up' : 'down' });
    setAnnouncement(t('moved', { item: byId.get(id)?.label ?? id, position: next.indexOf(id) + 1, total: next.length }));
  };

  return (
    <div className="quiz-ordering">
      <p className="muted">{t('orderHint')}</p>
      <ol aria-labelledby={promptId} className="ordering-list">
        {order.map((id, index) => {
          const item = byId.get(id);
          if (!item) return null;
          const ref = (dir: 'up' | 'down') => (el: HTMLButtonElement | null) => {
            if (el) buttons.current.set(`${id}:${dir}`, el);
            else buttons.current.delete(`${id}:${dir}`);
          };
          return (
            <li key={id} className="ordering-item" data-item-id={id}>
              <span className="ordering-position" aria-hidden="true">
                {index + 1}
              </span>
              <span className="ordering-text" dangerouslySetInnerHTML={{ __html: item.html }} />
              <Mark mark={marks?.get(id)} words={placeWords} />
              <span className="ordering-buttons">
                <button type="button" ref={ref('up')} className="icon-button" disabled={disabled || index === 0} aria-label={t('moveUp', { item: item.label })} onClick={() => move(index, -1)}>
                  <span aria-hidden="true">↑</span>
                </button>
                <button type="button" ref={ref('down')} className="icon-button" disabled={disabled || index === order.length - 1} aria-label={t('moveDown', { item: item.label })} onClick={() => move(index, 1)}>
                  <span aria-hidden="true">↓</span>
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
