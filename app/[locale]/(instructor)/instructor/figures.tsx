// How the dashboard writes a share: "75% (3/4)" — the percentage and the counts it comes
// from, as text; a bar beside it repeats the figure for the eye and is hidden from screen
// readers. With nothing to divide it says "—", never 0 %.
import { getFormatter } from 'next-intl/server';
import { ratio } from '@/app/_lib/instructor/stats';
import { TableScroll as SharedTableScroll } from '@/app/_components/table-scroll';
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

/** The shared scrolling region, with the dashboard's spacing and column rules. */
export function TableScroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <SharedTableScroll label={label} className={styles.scroll}>
      {children}
    </SharedTableScroll>
  );
}

/**
 * A captioned table of the dashboard in its scrolling region (labelled by the caption
 * unless `label` says otherwise): `head` is the header row's cells, `children` the rows.
 */
export function DataTable({ caption, label, head, children }: { caption: string; label?: string; head: React.ReactNode; children: React.ReactNode }) {
  return (
    <TableScroll label={label ?? caption}>
      <table className="table">
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}

/** A titled section of a dashboard page, with an optional note under its heading. */
export function Section({ id, title, note, children }: { id: string; title: React.ReactNode; note?: string; children: React.ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {note === undefined ? null : <p className={styles.note}>{note}</p>}
      {children}
    </section>
  );
}

/** A column header for a column of numbers (right-aligned). */
export function NumHeader({ children }: { children: React.ReactNode }) {
  return (
    <th scope="col" className={styles.num}>
      {children}
    </th>
  );
}

/**
 * A name someone typed, in a table cell: isolated from the text around it (<bdi>), broken
 * anywhere when a part has no spaces and cut after two lines, the whole name in its title
 * (and on the learner's page) — one 80-character name must not stretch a table off screen.
 */
export function Name({ name }: { name: string }) {
  return (
    <bdi className={`${styles.identity} ${styles.name} ${styles.clamp}`} title={name}>
      {name}
    </bdi>
  );
}
