// How the dashboard writes a share: "75% (3/4)" — the percentage and the counts it comes
// from, as text; a bar beside it repeats the figure for the eye and is hidden from screen
// readers. With nothing to divide it says "—", never 0 %.
import { getFormatter } from 'next-intl/server';
import { ratio } from '@/app/_lib/instructor/stats';
import styles from './dashboard.module.css';

type Formatter = Awaited<ReturnType<typeof getFormatter>>;

export function shareText(format: Formatter, part: number, whole: number): string {
  const r = ratio(part, whole);
  if (r === null) return '—';
  return `${format.number(r, { style: 'percent', maximumFractionDigits: 0 })} (${format.number(part)}/${format.number(whole)})`;
}

export function Share({ format, part, whole }: { format: Formatter; part: number; whole: number }) {
  const r = ratio(part, whole);
  return (
    <span className={styles.share}>
      <span>{shareText(format, part, whole)}</span>
      {r === null ? null : (
        <span className={styles.bar} aria-hidden="true">
          <span style={{ width: `${Math.round(r * 100)}%` }} />
        </span>
      )}
    </span>
  );
}

/** A wide table in a focusable, labelled region that scrolls sideways on a narrow screen. */
export function TableScroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
