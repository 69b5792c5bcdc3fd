// A wide table in a focusable, labelled region that scrolls sideways on a narrow screen,
// with a shadow on the side that has more columns (globals.css .table-scroll): the page
// itself never scrolls sideways because of a table.
export function TableScroll({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={className ? `table-scroll ${className}` : 'table-scroll'} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
