import type { Key, ReactNode } from 'react';

/** A column of a `DataTable`: its header, and what each row shows under it. */
export type Column<TRow> = {
  header: string;
  cell(row: TRow): ReactNode;
  /** Added to the cell's padding (`whitespace-nowrap`, a font). */
  className?: string;
  /** The cell that names its row, read out with each of the row's cells. */
  isRowHeader?: boolean;
};

const cell = 'px-3 py-2 align-top';

type DataTableProps<TRow> = {
  /** Read by screen readers: what the rows are and which of them are shown. */
  caption: ReactNode;
  columns: readonly Column<TRow>[];
  rows: readonly TRow[];
  rowKey(row: TRow): Key;
};

/** A table of records that scrolls sideways on a narrow screen, its columns named at the top. */
export function DataTable<TRow>({ caption, columns, rows, rowKey }: DataTableProps<TRow>) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-brand-50 text-brand-900">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cell}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => {
                const className = `${cell} ${column.className ?? ''}`;
                return column.isRowHeader ? (
                  <th key={column.header} scope="row" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={className}>
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
