import { statusWord } from '@/components/report/report-words';

/** As in the original product: a colour per status, neutral for any other. Each pair passes WCAG AA. */
const colours: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  under_review: 'bg-sky-100 text-sky-900 ring-sky-300',
  resolved: 'bg-green-100 text-green-900 ring-green-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
  cancelled: 'bg-slate-200 text-slate-800 ring-slate-400',
  escalated: 'bg-purple-100 text-purple-900 ring-purple-300',
};
const neutral = 'bg-slate-100 text-slate-800 ring-slate-300';

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colours[status] ?? neutral}`}
    >
      {statusWord(status)}
    </span>
  );
}

export function Tag({
  children,
  tone = 'slate',
}: {
  children: string;
  tone?: 'slate' | 'accent' | 'brand';
}) {
  const tones = {
    slate: 'bg-slate-100 text-slate-800',
    accent: 'bg-orange-100 text-orange-900',
    brand: 'bg-brand-100 text-brand-900',
  };
  return (
    <span className={`rounded-md px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}
