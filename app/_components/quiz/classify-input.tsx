'use client';
// Classify: each item gets a labelled select of the buckets (operable by keyboard and by
// every assistive technology), and the buckets show what has been put in them so far.
import { useTranslations } from 'next-intl';
import { Mark, type Marks } from './choice-input';
import { placeItem } from './ordering-state';
import type { ChoiceView } from './types';

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
  return (
    <div className="quiz-classify">
      <p className="muted">{t('classifyHint')}</p>
      <fieldset className="classify-items" aria-labelledby={promptId}>
        {items.map((item) => {
          const id = `${name}-${item.id}`;
          return (
            <div key={item.id} className="classify-item">
              <label htmlFor={id} dangerouslySetInnerHTML={{ __html: item.html }} />
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
          return (
            <section key={b.id} className="classify-bucket" aria-label={b.label}>
              <p className="classify-bucket-title" dangerouslySetInnerHTML={{ __html: b.html }} />
              {inside.length === 0 ? (
                <p className="muted">{t('bucketEmpty')}</p>
              ) : (
                <ul>
                  {inside.map((i) => (
                    <li key={i.id} dangerouslySetInnerHTML={{ __html: i.html }} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
