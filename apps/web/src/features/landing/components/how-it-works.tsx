import { ClipboardCheck, FileText, Gavel, Lock } from 'lucide-react';
import { useT } from '@/lib/i18n';

/** As in the original product: four steps. */
const steps = [
  {
    icon: FileText,
    title: 'landing.how.submit.title',
    text: 'landing.how.submit.text',
  },
  {
    icon: Lock,
    title: 'landing.how.encryption.title',
    text: 'landing.how.encryption.text',
  },
  {
    icon: ClipboardCheck,
    title: 'landing.how.review.title',
    text: 'landing.how.review.text',
  },
  {
    icon: Gavel,
    title: 'landing.how.action.title',
    text: 'landing.how.action.text',
  },
];

export function HowItWorks() {
  const t = useT();
  return (
    <section
      id="how-it-works"
      tabIndex={-1}
      aria-labelledby="how-title"
      className="bg-white py-16 outline-none"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="how-title" className="text-3xl font-bold text-brand-900">
          {t('landing.how.title')}
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-paper p-6">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-white">
                  <step.icon aria-hidden="true" className="size-5" />
                </span>
                <span className="text-sm font-semibold text-muted">
                  {t('landing.how.step', { number: index + 1 })}
                </span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-brand-900">{t(step.title)}</h3>
              <p className="mt-2 text-muted">{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
