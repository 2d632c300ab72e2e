import type { ReactNode } from 'react';

/** The padding of a table's cells, for the rows a `DataTable` is given. */
export const tableCell = 'px-3 py-2 align-top';

type DataTableProps = {
  /** Read by screen readers: what the rows are and which of them are shown. */
  caption: ReactNode;
  columns: readonly string[];
  /** The body's rows. */
  children: ReactNode;
};

/** A table of records that scrolls sideways on a narrow screen, its columns named at the top. */
export function DataTable({ caption, columns, children }: DataTableProps) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-brand-50 text-brand-900">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={tableCell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}
