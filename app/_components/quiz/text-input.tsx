'use client';
// Numeric (with its unit) and short answers: one labelled text field described by the prompt.
import { useTranslations } from 'next-intl';

interface Props {
  name: string;
  promptId: string;
  kind: 'numeric' | 'short';
  unit?: string;
  value: string;
  disabled: boolean;
  onChange: (text: string) => void;
}

export function TextAnswerInput({ name, promptId, kind, unit, value, disabled, onChange }: Props) {
  const t = useTranslations('quiz');
  const id = `${name}-answer`;
  return (
    <div className="field quiz-text-answer">
      <label htmlFor={id}>{t('yourAnswer')}</label>
      <span className="quiz-text-row">
        <input
          id={id}
          type="text"
          inputMode={kind === 'numeric' ? 'decimal' : 'text'}
          autoComplete="off"
          spellCheck={kind === 'short' ? false : undefined}
          maxLength={kind === 'short' ? 500 : 40}
          value={value}
          disabled={disabled}
          aria-describedby={unit ? `${promptId} ${id}-unit` : promptId}
          onChange={(e) => onChange(e.target.value)}
        />
        {unit ? (
          <span id={`${id}-unit`} className="quiz-unit">
            {unit}
          </span>
        ) : null}
      </span>
    </div>
  );
}
