// A heading whose level the embedding page chooses (a lesson nests the cluster view
// deeper than the preview page does), so the outline stays in order.
import type { ReactNode } from 'react';

export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export function Heading({ level, id, className, children }: { level: number; id?: string; className?: string; children: ReactNode }) {
  const Tag = `h${Math.min(6, Math.max(2, level))}` as 'h2';
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}
