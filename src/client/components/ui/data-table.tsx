import type { Key, ReactNode } from 'react';
import { cn } from '#client/lib/utils';

type Align = 'start' | 'center' | 'end';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: Align;
  /** this column names its row (`<th scope="row">`) */
  rowHeader?: boolean;
  /** extra classes of the column's cells */
  className?: string;
  /** extra classes of the column's header */
  headerClassName?: string;
}

const ALIGN: Record<Align, string> = { start: 'text-start', center: 'text-center', end: 'text-end' };

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** read by assistive technology only */
  caption?: ReactNode;
  /** names the scrolling region (a table wider than the screen scrolls inside it) */
  label?: string;
  /** the narrowest the table gets before it scrolls, e.g. 'min-w-[32rem]' */
  minWidth?: string;
  /** classes of the scrolling region around the table */
  className?: string;
  /** padding of every cell */
  cellClassName?: string;
  /** classes of the header row's section */
  headClassName?: string;
}

/**
 * A table of rows under column headers, in a region that scrolls sideways when the screen is
 * narrower than the table (focusable, so the keyboard scrolls it too).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  label,
  minWidth,
  className = 'rounded-lg border bg-card',
  cellClassName = 'px-3 py-2',
  headClassName = 'bg-muted',
}: DataTableProps<Row>) {
  return (
    <div
      tabIndex={0}
      role={label ? 'region' : undefined}
      aria-label={label}
      className={cn('overflow-x-auto', className)}
    >
      <table className={cn('w-full text-sm', minWidth)}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className={headClassName}>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn(cellClassName, ALIGN[column.align ?? 'start'], column.headerClassName)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t">
              {columns.map((column) => {
                const classes = cn(cellClassName, ALIGN[column.align ?? 'start'], column.className);
                return column.rowHeader ? (
                  <th key={column.key} scope="row" className={cn('font-normal', classes)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={classes}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
