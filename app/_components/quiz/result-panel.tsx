'use client';
// The grade of one answer: "Correct" / "Not quite" with an icon (never colour alone), the
// feedback for each option the learner chose (or item they misplaced), the explanation (or,
// after a first wrong try, a button for it: ./reveal), and for predict-then-run the
// commands and what the simulation printed.
import { forwardRef, useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { inShownOrder } from './feedback-order';
import type { CheckAnswerResult, ChoiceView } from './types';

type Graded = Extract<CheckAnswerResult, { ok: true }>;

interface Props {
  result: Graded;
  /** options, items or O/X labels by id, in the order shown, to say which one a feedback line is about */
  labels: ReadonlyMap<string, ChoiceView>;
  /** false: the explanation is held back and offered by a button (./reveal) */
  showExplanation?: boolean;
  onShowExplanation?: () => void;
}

export const ResultPanel = forwardRef<HTMLHeadingElement, Props>(function ResultPanel({ result, labels, showExplanation = true, onShowExplanation }, headingRef) {
  const t = useTranslations('quiz');
  const percent = Math.round(result.score * 100);
  // the button goes away when pressed: focus moves to what it showed
  const explanationRef = useRef<HTMLParagraphElement>(null);
  const offered = useRef(!showExplanation);
  useEffect(() => {
    if (showExplanation && offered.current) explanationRef.current?.focus();
    offered.current = !showExplanation;
  }, [showExplanation]);
  return (
    <div className={`quiz-result ${result.correct ? 'is-correct' : 'is-incorrect'}`}>
      <h4 ref={headingRef} tabIndex={-1} className="quiz-verdict">
        <span aria-hidden="true" className="quiz-verdict-icon">
          {result.correct ? '✓' : '✗'}
        </span>{' '}
        {result.correct ? t('correct') : t('incorrect')}
        {!result.correct && percent > 0 ? <span className="quiz-partial"> · {t('partial', { percent })}</span> : null}
      </h4>
      {!result.correct && result.misplaced && result.misplaced.length > 0 ? <p>{t('misplacedSummary', { count: result.misplaced.length })}</p> : null}
      {result.feedback.length > 0 ? (
        <ul className="quiz-feedback">
          {inShownOrder(result.feedback, labels.keys()).map((f, i) => {
            const about = f.optionId === undefined ? undefined : labels.get(f.optionId);
            return (
              <li key={`${f.optionId ?? ''}-${i}`}>
                {about ? <p className="quiz-feedback-about" dangerouslySetInnerHTML={{ __html: about.html }} /> : null}
                <div dangerouslySetInnerHTML={{ __html: f.html }} />
              </li>
            );
          })}
        </ul>
      ) : null}
      {result.run ? <PredictRun run={result.run} labels={labels} /> : null}
      {showExplanation ? (
        <div className="quiz-explanation">
          <p ref={explanationRef} tabIndex={-1} className="quiz-explanation-title">
            {t('explanation')}
          </p>
          <div dangerouslySetInnerHTML={{ __html: result.explanationHtml }} />
        </div>
      ) : (
        <p className="quiz-explanation-held">
          <button type="button" className="button secondary small" onClick={onShowExplanation}>
            {t('showExplanation')}
          </button>{' '}
          <span className="muted">{t('explanationHeld')}</span>
        </p>
      )}
      <p className="muted quiz-saved">
        {result.savedTo === 'account' ? t('savedAccount') : t('savedGuest')}
        {result.lessonCompleted ? ` ${t('lessonCompleted')}` : ''}
      </p>
    </div>
  );
});

function PredictRun({ run, labels }: { run: NonNullable<Graded['run']>; labels: ReadonlyMap<string, ChoiceView> }) {
  const t = useTranslations('quiz');
  const matched = run.matchedOptionId === undefined ? undefined : labels.get(run.matchedOptionId);
  return (
    <div className="quiz-run">
      <p className="quiz-explanation-title">{t('whatHappened')}</p>
      {run.lines.length === 0 ? (
        <p>{t('runUnavailable')}</p>
      ) : (
        <pre className="quiz-transcript" tabIndex={0} aria-label={t('transcript')}>
          {run.lines.map((l) => `$ ${l.command}\n${l.output}${l.output.endsWith('\n') || l.output === '' ? '' : '\n'}`).join('')}
        </pre>
      )}
      <p>
        <strong>{t('observable')}</strong> <span dangerouslySetInnerHTML={{ __html: run.observableHtml }} />
      </p>
      {matched ? (
        <p>
          <strong>{t('matched')}</strong> <span dangerouslySetInnerHTML={{ __html: matched.html }} />
        </p>
      ) : null}
    </div>
  );
}
