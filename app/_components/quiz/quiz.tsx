// The lesson's quiz (`::quiz{id}`): a server component listing one client QuestionCard per
// question. The question views carry no answer key (./question-view).
import { getTranslations } from 'next-intl/server';
import { QuestionCard } from './question-card';
import type { QuestionView } from './types';

export async function Quiz({ questions, signedIn }: { questions: QuestionView[]; signedIn: boolean }) {
  const t = await getTranslations('quiz');
  return (
    <section className="quiz" aria-labelledby="quiz-title">
      <h2 id="quiz-title">{t('title')}</h2>
      <p className="muted">{signedIn ? t('intro') : t('introGuest')}</p>
      <ol className="quiz-list">
        {questions.map((q) => (
          <li key={q.id}>
            <QuestionCard question={q} total={questions.length} />
          </li>
        ))}
      </ol>
    </section>
  );
}
