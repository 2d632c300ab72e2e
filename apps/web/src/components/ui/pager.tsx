import { useT } from '@/lib/i18n';
import { Button } from './button';

type PagerProps = {
  /** Names the navigation, such as "Staff pages". */
  label: string;
  /** The first row shown, counted from 0, and the page's size. */
  offset: number;
  pageSize: number;
  /** The last row shown, counted from 1 (`lastShown`), and the rows in all. */
  last: number;
  count: number;
  /** While a page loads, neither button moves. */
  isLoading: boolean;
  onOffset(offset: number): void;
  /** The buttons' words, when "Previous" and "Next" are not the clearest (a log is newest first). */
  previousLabel?: string;
  nextLabel?: string;
  className?: string;
};

/** The last row a page starting at `offset` shows, counted from 1. */
export function lastShown(offset: number, page: { results: readonly unknown[]; count: number }) {
  return Math.min(offset + page.results.length, page.count);
}

/** Under a paged table: which rows it shows, and buttons to the pages before and after. */
export function Pager({
  label,
  offset,
  pageSize,
  last,
  count,
  isLoading,
  onOffset,
  previousLabel,
  nextLabel,
  className = '',
}: PagerProps) {
  const t = useT();
  return (
    <nav aria-label={label} className={`flex items-center justify-between gap-4 ${className}`}>
      <p className="text-sm text-muted" aria-live="polite">
        {t('ui.pager.showing', { first: offset + 1, last, count })}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={offset === 0 || isLoading}
          onClick={() => onOffset(Math.max(0, offset - pageSize))}
        >
          {previousLabel ?? t('ui.pager.previous')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={last >= count || isLoading}
          onClick={() => onOffset(offset + pageSize)}
        >
          {nextLabel ?? t('ui.pager.next')}
        </Button>
      </div>
    </nav>
  );
}
