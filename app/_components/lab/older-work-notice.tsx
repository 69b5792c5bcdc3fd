'use client';
// Work of this lab saved under an earlier version of the simulator (local-save.ts
// findOlderWork): this version does not replay it by itself, since the same commands may
// end elsewhere now. Said when the workspace opens, as an alert: a status already on the
// page when it appears is not read out, and the learner's work looks lost until they
// choose. Two ways on — load it (the page reloads and replays it) or start fresh (it is
// removed). It takes no focus; after Start fresh, whose button goes, the focus lands on
// what happened.
import { useTranslations } from 'next-intl';
import type { OlderVersionWork } from './use-lab-session';
import { ChoiceNotice } from './choice-notice';
import styles from './lab.module.css';

interface OlderWorkNoticeProps {
  older: OlderVersionWork | undefined;
  choice: 'loaded' | 'fresh' | undefined;
  onLoad: () => void;
  onFresh: () => void;
}

export function OlderWorkNotice({ older, choice, onLoad, onFresh }: OlderWorkNoticeProps) {
  const t = useTranslations('lab.olderWork');
  return (
    <ChoiceNotice
      className={styles.olderWork}
      testId="older-work"
      asking={
        older === undefined
          ? undefined
          : {
              title: t('title'),
              sentence: t('explain'),
              choose: t('choose'),
              first: {
                label: t('load'),
                explain: (
                  <>
                    {t('loadExplain')} {older.replaces ? t('loadReplaces') : null}
                  </>
                ),
                onChoose: onLoad,
              },
              second: { label: t('fresh'), explain: t('freshExplain'), onChoose: onFresh },
            }
      }
      done={older === undefined && choice !== undefined ? t(choice === 'loaded' ? 'loaded' : 'startedFresh') : ''}
      secondChosen={choice === 'fresh'}
    />
  );
}
