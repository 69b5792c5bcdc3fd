'use client';
// The watch chain, one hop at a time: the processes as columns (clients, API server,
// etcd, node agents), the current hop's sender and receiver highlighted, a marker that
// travels from one to the other, and below it what the hop is and why it exists. Its
// own play/pause/step and speed, independent of the simulation's: a learner can stop on a
// hop and read while the cluster runs on, speed through a run of a few hundred hops, or
// skip to the last one. Each hop is announced in a polite live region;
// with reduced motion the marker stands still on the receiver (a static highlight).
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Hop } from '@/app/_lib/sim-worker/watch-chain';
import { actorCentre, CHAIN_SPEEDS, chainActors, chainSpeedOf, currentIndex, hopDelay, type ChainSpeed } from './chain-actors';
import { Heading, type HeadingLevel } from './heading';
import styles from './cluster.module.css';


/** The marker's flight, and each of its two pulses on a hop to itself (900 ms at 1×): short
 *  enough at a faster speed to end before the next hop starts. */
function markerTiming(speed: ChainSpeed): { travel: string; pulse: string } {
  const delay = hopDelay(speed);
  return { travel: `${Math.min(900, Math.round(delay * 0.8))}ms`, pulse: `${Math.min(900, Math.round(delay * 0.4))}ms` };
}

type Lang = 'ko' | 'en';

export function WatchChain({ hops, reducedMotion, headingLevel = 2 }: { hops: readonly Hop[]; reducedMotion: boolean; headingLevel?: HeadingLevel }) {
  const t = useTranslations('cluster.chain');
  const lang: Lang = useLocale() === 'ko' ? 'ko' : 'en';
  const titleId = useId();
  // the current hop is tracked by id, so hops arriving live do not move the learner
  const [currentId, setCurrentId] = useState<number | undefined>(undefined);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<ChainSpeed>(1);
  const speedId = useId();
  const [listOpen, setListOpen] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);

  const index = currentIndex(hops, currentId);
  const hop = index >= 0 ? hops[index] : undefined;
  const atEnd = index >= hops.length - 1;

  // Previous/Next stay focusable at either end (aria-disabled, not disabled): a disabled
  // button would drop the keyboard focus to the page and end arrow-key stepping.
  const goTo = (i: number) => {
    const target = hops[Math.max(0, Math.min(hops.length - 1, i))];
    if (target) setCurrentId(target.id);
  };

  useEffect(() => {
    if (!playing) return;
    if (atEnd) {
      // stay playing: new hops from the running cluster continue the animation
      return;
    }
    const timer = window.setTimeout(() => {
      const next = hops[index + 1];
      if (next) setCurrentId(next.id);
    }, hopDelay(speed));
    return () => window.clearTimeout(timer);
  }, [playing, atEnd, index, hops, speed]);

  // keep the current hop visible in the list without moving the page's focus
  useEffect(() => {
    const el = listRef.current?.querySelector<HTMLElement>('[aria-current="step"]');
    if (el && listRef.current) listRef.current.scrollTop = el.offsetTop - listRef.current.clientHeight / 2;
  }, [index, listOpen]);

  const actors = chainActors(hops);
  const fromIndex = hop ? actors.indexOf(hop.from) : -1;
  const toIndex = hop ? actors.indexOf(hop.to) : -1;
  const announce = hop ? t('announce', { index: index + 1, total: hops.length, label: hop.label[lang] }) : '';

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLElement && e.target.closest('button') === null && e.target !== e.currentTarget) return;
    if (e.key === 'ArrowRight') goTo(index + 1);
    else if (e.key === 'ArrowLeft') goTo(index - 1);
    else if (e.key === 'Home') goTo(0);
    else if (e.key === 'End') goTo(hops.length - 1);
    else return;
    e.preventDefault();
  };

  return (
    <section className={styles.chain} aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <Heading level={headingLevel} id={titleId} className={styles.heading}>
        {t('title')}
      </Heading>
      <p className={styles.muted}>{t('lead')}</p>
      {hops.length === 0 || hop === undefined ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <>
          {/* focusable, so a keyboard can scroll it sideways when the actors overflow */}
          <div className={styles.stage} role="region" aria-label={t('stage')} tabIndex={0}>
            <ol className={styles.actors} style={{ '--actors': actors.length } as CSSProperties} aria-label={t('actors')}>
              {actors.map((a, i) => {
                const role = i === fromIndex ? 'from' : i === toIndex ? 'to' : undefined;
                return (
                  <li key={a} className={`${styles.box} ${styles.actor}`} data-role={role}>
                    {a}
                    {role && <span className={styles.actorRole}>{hop.from === hop.to ? t('self') : t(role === 'from' ? 'sender' : 'receiver')}</span>}
                  </li>
                );
              })}
            </ol>
            <div className={styles.track} aria-hidden="true" style={{ minWidth: `${actors.length * 7}rem` }}>
              <span
                key={hop.id}
                className={reducedMotion ? `${styles.marker} ${styles.markerStatic}` : styles.marker}
                data-self={hop.from === hop.to}
                style={
                  {
                    '--from': `${actorCentre(fromIndex, actors.length)}%`,
                    '--to': `${actorCentre(toIndex, actors.length)}%`,
                    '--travel': markerTiming(speed).travel,
                    '--pulse': markerTiming(speed).pulse,
                  } as CSSProperties
                }
              />
            </div>
          </div>

          <div className={styles.controls} role="group" aria-label={t('controls')}>
            <button type="button" className="button small" onClick={() => goTo(index - 1)} aria-disabled={index <= 0}>
              {t('previous')}
            </button>
            <button
              type="button"
              className="button small"
              aria-pressed={playing}
              onClick={() => {
                if (!playing && atEnd) goTo(0); // play again from the first hop
                setPlaying(!playing);
              }}
            >
              {playing ? t('pause') : t('play')}
            </button>
            <button type="button" className="button small" onClick={() => goTo(index + 1)} aria-disabled={atEnd}>
              {t('next')}
            </button>
            <button type="button" className="button small" onClick={() => goTo(hops.length - 1)} aria-disabled={atEnd}>
              {t('last')}
            </button>
            <span className={styles.speed}>
              <label htmlFor={speedId}>{t('speed')}</label>
              <select id={speedId} value={speed} onChange={(e) => setSpeed(chainSpeedOf(e.target.value))}>
                {CHAIN_SPEEDS.map((s) => (
                  <option key={s} value={s}>
                    {t('speedOption', { factor: s })}
                  </option>
                ))}
              </select>
            </span>
            <p className={styles.position}>{t('position', { index: index + 1, total: hops.length, tick: hop.tick })}</p>
          </div>

          <div className={`${styles.box} ${styles.current}`} role="group" aria-label={t('current')}>
            <p className={styles.hopLabel}>
              <span className={styles.kind}>{t(`kind.${hop.kind}`)}</span>
              <span>{hop.label[lang]}</span>
            </p>
            <p className={styles.explanation}>{hop.explanation[lang]}</p>
          </div>

          <details open={listOpen} onToggle={(e) => setListOpen(e.currentTarget.open)}>
            <summary>{t('all', { total: hops.length })}</summary>
            {/* rendered only while open: up to a few hundred buttons need not exist otherwise */}
            {listOpen && (
              <ol ref={listRef} className={styles.hopList}>
                {hops.map((h, i) => (
                  <li key={h.id} className={styles.hopItem}>
                    <button type="button" className={styles.hopButton} aria-current={i === index ? 'step' : undefined} onClick={() => setCurrentId(h.id)}>
                      {h.label[lang]}
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </details>
        </>
      )}
      <p className={styles.srOnly} role="status" aria-live="polite" aria-atomic="true">
        {announce}
      </p>
    </section>
  );
}
