import { ChevronDown } from 'lucide-react';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { Link } from '@/lib/router';

/** As in the original product: five questions. */
export const faqEntries = [
  {
    question: 'landing.faq.anonymous.question',
    answer: 'landing.faq.anonymous.answer',
  },
  {
    question: 'landing.faq.whoSees.question',
    answer: 'landing.faq.whoSees.answer',
  },
  {
    question: 'landing.faq.what.question',
    answer: 'landing.faq.what.answer',
  },
  {
    question: 'landing.faq.followUp.question',
    answer: 'landing.faq.followUp.answer',
  },
  {
    question: 'landing.faq.after.question',
    answer: 'landing.faq.after.answer',
  },
];

export function Faq() {
  const t = useT();
  return (
    <section
      id="faq"
      tabIndex={-1}
      aria-labelledby="faq-title"
      className="mx-auto max-w-3xl px-4 py-16 outline-none sm:px-6"
    >
      <h2 id="faq-title" className="text-3xl font-bold text-brand-900">
        {t('landing.faq.title')}
      </h2>
      <div className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {faqEntries.map((entry) => (
          <details key={entry.question} className="group">
            {/* The whole row opens the answer, not only the words of the question. */}
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 px-6 py-4 font-semibold text-ink">
              {t(entry.question)}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-6 pb-4 text-muted">{t(entry.answer)}</p>
          </details>
        ))}
      </div>
      <p className="mt-8 text-center text-muted">
        {t('landing.faq.stillQuestions')}{' '}
        <Link
          to={paths.contact}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4"
        >
          {t('landing.faq.contactSupport')}
        </Link>
      </p>
    </section>
  );
}
