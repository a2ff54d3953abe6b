import type { Key, ReactNode } from 'react';
import { TableScroll } from './table-scroll.tsx';

export interface TableColumn<Row> {
  /** The column's heading; also each cell's label when the rows show as cards. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** `mono` for codes and IDs; `cell-wrap` for free text. */
  className?: string;
  /** A test ID on each of the column's cells. */
  testId?: string;
}

/**
 * A list of records as a table on a wide screen and as one labelled card per row on a phone
 * (below 40rem, `.table-cards` in styles.css): every cell carries its column's heading in
 * `data-label`, shown before the value, so no column is cut off or hidden behind a sideways scroll.
 *
 * It stays a real `<table>`: a screen reader still announces the caption, the row and each cell's
 * column heading. Setting `display: block` on table parts makes some browsers (Safari) drop the
 * table's semantics, so the roles are stated as well; the visible label is kept out of the
 * accessible text (`content: … / ""`) so the heading is not read twice.
 */
export function ResponsiveTable<Row>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  rowTestId,
  testId,
}: {
  /** The scroll box's name (a wide table on a narrow desktop still scrolls inside it). */
  label: string;
  caption?: ReactNode;
  columns: readonly (TableColumn<Row> | false | null | undefined)[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  /** A test ID on each row, for finding one record's row. */
  rowTestId?: (row: Row) => string;
  testId?: string;
}) {
  const shown = columns.filter((column): column is TableColumn<Row> => Boolean(column));
  return (
    <TableScroll label={label}>
      <table className="table table-cards" role="table" data-testid={testId}>
        {caption !== undefined && <caption>{caption}</caption>}
        <thead role="rowgroup">
          <tr role="row">
            {shown.map((column) => (
              <th key={column.header} scope="col" role="columnheader">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} role="row" data-testid={rowTestId?.(row)}>
              {shown.map((column) => (
                <td key={column.header} role="cell" data-label={column.header} className={column.className} data-testid={column.testId}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
