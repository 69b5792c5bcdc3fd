'use client';
// The lab open in another tab has saved other work (other-tab.ts): said at once (an alert:
// this tab has stopped saving), with the two ways on — load that work here, saying what of
// this tab's it throws away, or keep this tab's, saved over the other's. The notice stays
// in view at the top of the window while the learner scrolls the workspace; it takes no
// focus (the learner may be typing), and after Keep the focus lands on what happened.
import { useTranslations } from 'next-intl';
import type { OtherTabWork } from './use-lab-session';
import { ChoiceNotice } from './choice-notice';
import styles from './lab.module.css';

interface OtherTabNoticeProps {
  otherTab: OtherTabWork | undefined;
  choice: 'loaded' | 'kept' | undefined;
  onLoad: () => void;
  onKeep: () => void;
}

export function OtherTabNotice({ otherTab, choice, onLoad, onKeep }: OtherTabNoticeProps) {
  const t = useTranslations('lab.otherTab');
  const discarded = otherTab?.discarded;
  const loses = discarded !== undefined && (discarded.actions > 0 || discarded.edits.length > 0);
  return (
    <ChoiceNotice
      className={styles.otherTab}
      askingClassName={styles.otherTabAsking}
      testId="other-tab"
      asking={
        discarded === undefined
          ? undefined
          : {
              title: t('title'),
              sentence: t('notSaving'),
              choose: t('choose'),
              first: {
                label: t('load'),
                explain: loses ? (
                  <>
                    {t('loadLoses')} {discarded.actions > 0 ? t('lostActions', { count: discarded.actions }) : null} {discarded.edits.length > 0 ? t('lostEdits', { files: discarded.edits.join(', ') }) : null}
                  </>
                ) : (
                  t('loadLosesNothing')
                ),
                onChoose: onLoad,
              },
              second: { label: t('keep'), explain: t('keepExplain'), onChoose: onKeep },
            }
      }
      done={otherTab === undefined && choice !== undefined ? t(choice) : ''}
      secondChosen={choice === 'kept'}
    />
  );
}
