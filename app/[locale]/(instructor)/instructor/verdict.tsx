// Whether a choice is right, as a symbol and a word (never colour alone).
import { getTranslations } from 'next-intl/server';
import styles from './dashboard.module.css';

export async function Verdict({ correct }: { correct: boolean | null }) {
  const t = await getTranslations('instructor.questions');
  if (correct === null) return <span className={styles.verdict}>—</span>;
  return (
    <span className={styles.verdict}>
      <span aria-hidden="true">{correct ? '✓ ' : '✗ '}</span>
      {correct ? t('right') : t('wrong')}
    </span>
  );
}
