// The shape of a kubectl table (metav1.Table as the server's printers build it): column
// definitions, where Priority 1 columns are only shown with `-o wide`, and one row of
// cells per object. Cells are the strings kubectl prints.
export interface ColumnDefinition {
  name: string;
  /** Priority 1 in printers.go: shown only with -o wide */
  wide?: boolean;
}

export interface PrintContext {
  /** the simulated clock's tick: AGE is now minus creationTimestamp */
  now: number;
  /** -o wide (printService clips load-balancer addresses otherwise) */
  wide?: boolean;
}

export interface TablePrinter<T> {
  columns: readonly ColumnDefinition[];
  /** every cell, wide ones included, in column order */
  row(obj: T, ctx: PrintContext): string[];
}

export const NAME: ColumnDefinition = { name: 'Name' };
export const AGE: ColumnDefinition = { name: 'Age' };
