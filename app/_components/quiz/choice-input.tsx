'use client';
// Single choice, predict-then-run (radios), multiple choice (checkboxes) and O/X.
import { useLocale, useTranslations } from 'next-intl';
import type { Draft, Marks } from './draft';
import type { ChoiceView } from './types';

export type { Marks };

/** A verdict beside a choice, an item or a step: an icon and a word, never colour alone. */
export function Mark({ mark, words }: { mark: 'right' | 'wrong' | undefined; words?: { right: string; wrong: string } }) {
  const t = useTranslations('quiz');
  if (!mark) return null;
  const word = words ? words[mark] : mark === 'right' ? t('correct') : t('incorrect');
  return (
    <span className={`quiz-mark is-${mark}`}>
      <span aria-hidden="true">{mark === 'right' ? '✓' : '✗'}</span> {word}
    </span>
  );
}

interface Props {
  marks?: Marks;
  name: string;
  promptId: string;
  options: ChoiceView[];
  multiple: boolean;
  selected: readonly string[];
  disabled: boolean;
  onChange: (selected: string[]) => void;
}

export function ChoiceInput({ marks, name, promptId, options, multiple, selected, disabled, onChange }: Props) {
  return (
    <fieldset className="quiz-options" aria-labelledby={promptId}>
      {options.map((o) => {
        const id = `${name}-${o.id}`;
        const checked = selected.includes(o.id);
        return (
          <div key={o.id} className="quiz-option">
            <input
              id={id}
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              value={o.id}
              checked={checked}
              disabled={disabled}
              onChange={(e) => {
                if (!multiple) onChange([o.id]);
                else onChange(e.target.checked ? [...selected, o.id] : selected.filter((s) => s !== o.id));
              }}
            />
            <label htmlFor={id} dangerouslySetInnerHTML={{ __html: o.html }} />
            <Mark mark={marks?.get(o.id)} />
          </div>
        );
      })}
    </fieldset>
  );
}

/** The O and X a Korean true/false question is marked with; English has no such convention, and an X beside "False" reads as a wrong answer. */
export function oxMarks(locale: string): { true: string; false: string } | undefined {
  return locale === 'ko' ? { true: 'O', false: 'X' } : undefined;
}

/** True/false: two radios; in Korean also marked O and X, the words saying the same. */
export function TrueFalseInput({ marks, name, promptId, draft, disabled, onChange }: { marks?: Marks; name: string; promptId: string; draft: Extract<Draft, { type: 'truefalse' }>; disabled: boolean; onChange: (answer: boolean) => void }) {
  const t = useTranslations('quiz');
  const ox = oxMarks(useLocale());
  const mark = (answer: 'true' | 'false') => (ox ? `<span aria-hidden="true" class="ox">${ox[answer]}</span> ` : '');
  const options = [
    { id: 'true', html: `${mark('true')}${t('true')}`, label: t('true') },
    { id: 'false', html: `${mark('false')}${t('false')}`, label: t('false') },
  ];
  const selected = draft.answer === null ? [] : [String(draft.answer)];
  return <ChoiceInput marks={marks} name={name} promptId={promptId} options={options} multiple={false} selected={selected} disabled={disabled} onChange={(s) => onChange(s[0] === 'true')} />;
}
