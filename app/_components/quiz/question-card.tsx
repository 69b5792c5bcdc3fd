'use client';
// One question: its input, "Check answer", the server's grade, and "Try again". Grading is
// the server's (checkAnswer): the browser holds no answer key. While a check is pending
// the button is disabled, so a double click sends one request; Enter in a number or short
// answer field checks it too, through the same guard. A guest's answer is kept in
// localStorage and synced after sign-in (app/_lib/progress/guest-list).
import { useId, useRef, useState, useTransition, useEffect, type FormEvent, type KeyboardEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { checkAnswer } from '@/app/_lib/progress/actions';
import { ChoiceInput, oxMarks, TrueFalseInput, type Marks } from './choice-input';
import { ClassifyInput } from './classify-input';
import { emptyDraft, marksOf, missingAfterChange, responseOf, type Draft, type Incomplete } from './draft';
import { keepGuestAttempt } from './guest-store';
import { OrderingInput } from './ordering-input';
import { ResultPanel } from './result-panel';
import { showsExplanation } from './reveal';
import { TextAnswerInput } from './text-input';
import type { CheckAnswerResult, ChoiceView, QuestionView } from './types';
import styles from './quiz.module.css';

export function QuestionCard({ question, total }: { question: QuestionView; total: number }) {
  const t = useTranslations('quiz');
  const locale = useLocale();
  const name = `q-${question.id}`;
  const promptId = `${useId()}-prompt`;
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(question));
  const [result, setResult] = useState<CheckAnswerResult | null>(null);
  const [missing, setMissing] = useState<Incomplete | null>(null);
  // wrong answers checked on this card, and whether the learner asked for the explanation (./reveal)
  const [wrongTries, setWrongTries] = useState(0);
  const [asked, setAsked] = useState(false);
  const [pending, startTransition] = useTransition();
  const verdictRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  // a second click before React re-renders the disabled button must not send again
  const inFlight = useRef(false);
  const graded = result?.ok ? result : null;
  const locked = pending || graded !== null;
  // an ordering question still in its shuffled starting order has no answer to check yet:
  // the button stays focusable, marked unavailable and described by a note saying why
  const untouched = draft.type === 'ordering' && !draft.moved;
  const noteId = `${promptId}-check-note`;

  useEffect(() => {
    // focus follows the answer: to the verdict after a check
    if (graded) verdictRef.current?.focus();
  }, [graded]);

  const check = () => {
    if (locked || inFlight.current) return;
    const r = responseOf(question, draft);
    if (!r.ok) {
      setMissing(r.reason);
      return;
    }
    setMissing(null);
    inFlight.current = true;
    startTransition(async () => {
      let answer: CheckAnswerResult;
      try {
        answer = await checkAnswer({ courseId: question.courseId, questionId: question.id, response: r.response }, locale);
      } catch {
        answer = { ok: false, error: 'invalid-response' };
      }
      if (answer.ok && answer.savedTo === 'guest') {
        keepGuestAttempt({ courseId: question.courseId, questionId: question.id, response: r.response, answeredAt: Date.now() });
      }
      inFlight.current = false;
      if (answer.ok && !answer.correct) setWrongTries((n) => n + 1);
      setResult(answer);
    });
  };

  // a change that completes the answer takes back the "answer first" warning (./draft)
  const change = (d: Draft) => {
    setDraft(d);
    setMissing((m) => missingAfterChange(question, d, m));
  };

  // whether the last Enter pressed in the card came while an IME composition was in
  // progress (Korean input): that Enter belongs to the composition, not to a check.
  // Remembered rather than prevented, so the IME still gets the key.
  const composingEnter = useRef(false);
  const noteEnter = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter') composingEnter.current = e.nativeEvent.isComposing;
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!composingEnter.current) check();
  };

  const retry = () => {
    setResult(null);
    setMissing(null);
    setAsked(false);
    // back to the first control of the question, with the previous answer still in place
    requestAnimationFrame(() => cardRef.current?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), button:not([disabled])')?.focus());
  };

  return (
    <article ref={cardRef} className="card quiz-question" aria-labelledby={`${promptId}-title`} data-question-type={question.type}>
      <h3 id={`${promptId}-title`} className="quiz-question-title">
        {t('questionOf', { number: question.number, total })}
        <span className="visually-hidden"> · {t(`types.${question.type}`)}</span>
      </h3>
      <div id={promptId} className="quiz-prompt" dangerouslySetInnerHTML={{ __html: question.promptHtml }} />
      {question.type === 'predict' && !graded ? <p className="muted">{t('predictHint')}</p> : null}
      {/* A form only for Enter in a number or short answer field: with no submit button and
          one text field, Enter there submits it (HTML's implicit submission), while Enter on
          a radio or select submits nothing. Its buttons are all type="button".
          method="dialog": a form outside a <dialog> submitted that way goes nowhere (HTML's
          form submission algorithm, "submit dialog"), so an Enter before the page's scripts
          have loaded does not reload the page as a GET with the answer in the URL; the
          submit event still fires, which is what onSubmit listens to once hydrated. */}
      <form method="dialog" onSubmit={submit} onKeyDown={noteEnter}>
        <Input question={question} draft={draft} setDraft={change} name={name} promptId={promptId} disabled={locked} marks={graded ? marksOf(draft, graded) : undefined} />
        <div className="quiz-actions">
          {graded ? (
            <button type="button" className="button secondary" onClick={retry}>
              {t('tryAgain')}
            </button>
          ) : (
            <button
              type="button"
              className={`button primary ${styles.unavailable}`}
              onClick={check}
              disabled={pending}
              aria-disabled={pending || untouched}
              aria-describedby={untouched ? noteId : undefined}
            >
              {t('check')}
            </button>
          )}
          {pending ? (
            <span className="muted" aria-hidden="true">
              {t('checking')}
            </span>
          ) : null}
          {untouched && !graded ? (
            <p id={noteId} className={`muted ${styles.note}`}>
              {t('moveFirst')}
            </p>
          ) : null}
        </div>
      </form>
      <div role="status" aria-live="polite" className="quiz-status">
        {missing ? <p className="field-error">{t(`incomplete.${missing}`)}</p> : null}
        {result && !result.ok ? <p className="field-error">{result.error === 'rate-limited' ? t('rateLimited') : t('failed')}</p> : null}
        {graded ? (
          <ResultPanel
            ref={verdictRef}
            result={graded}
            labels={labelsOf(question, t('true'), t('false'), oxMarks(locale))}
            showExplanation={showsExplanation({ type: question.type, correct: graded.correct, wrongTries, asked })}
            onShowExplanation={() => setAsked(true)}
          />
        ) : null}
      </div>
    </article>
  );
}

function labelsOf(q: QuestionView, yes: string, no: string, ox: ReturnType<typeof oxMarks>): Map<string, ChoiceView> {
  switch (q.type) {
    case 'single':
    case 'multiple':
    case 'predict':
      return new Map(q.options.map((o) => [o.id, o]));
    case 'classify':
      return new Map(q.items.map((i) => [i.id, i]));
    case 'truefalse':
      return new Map([
        ['true', { id: 'true', html: ox ? `${ox.true} · ${yes}` : yes, label: yes }],
        ['false', { id: 'false', html: ox ? `${ox.false} · ${no}` : no, label: no }],
      ]);
    default:
      return new Map();
  }
}

interface InputProps {
  question: QuestionView;
  draft: Draft;
  setDraft: (d: Draft) => void;
  name: string;
  promptId: string;
  disabled: boolean;
  marks: Marks | undefined;
}

function Input({ question: q, draft: d, setDraft, name, promptId, disabled, marks }: InputProps) {
  const common = { name, promptId, disabled, ...(marks ? { marks } : {}) };
  if ((q.type === 'single' || q.type === 'predict') && (d.type === 'single' || d.type === 'predict')) {
    return <ChoiceInput {...common} options={q.options} multiple={false} selected={d.optionId ? [d.optionId] : []} onChange={(s) => setDraft({ ...d, optionId: s[0] ?? null })} />;
  }
  if (q.type === 'multiple' && d.type === 'multiple') {
    return <ChoiceInput {...common} options={q.options} multiple selected={d.optionIds} onChange={(s) => setDraft({ ...d, optionIds: s })} />;
  }
  if (q.type === 'truefalse' && d.type === 'truefalse') {
    return <TrueFalseInput {...common} draft={d} onChange={(answer) => setDraft({ ...d, answer })} />;
  }
  if (q.type === 'ordering' && d.type === 'ordering') {
    return <OrderingInput promptId={promptId} disabled={disabled} items={q.items} order={d.itemIds} {...(marks ? { marks } : {})} onChange={(itemIds) => setDraft({ ...d, itemIds, moved: true })} />;
  }
  if ((q.type === 'numeric' || q.type === 'short') && (d.type === 'numeric' || d.type === 'short')) {
    return <TextAnswerInput name={name} promptId={promptId} disabled={disabled} kind={q.type} {...(q.type === 'numeric' && q.unit ? { unit: q.unit } : {})} value={d.text} onChange={(text) => setDraft({ ...d, text })} />;
  }
  if (q.type === 'classify' && d.type === 'classify') {
    return <ClassifyInput {...common} buckets={q.buckets} items={q.items} placements={d.placements} onChange={(placements) => setDraft({ ...d, placements })} />;
  }
  return null;
}
