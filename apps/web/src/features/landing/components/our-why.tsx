import { useT } from '@/lib/i18n';

/** As in the original product: 'Our Why' (#about). Also the heart of the About page. */
export function OurWhyContent() {
  const t = useT();
  return (
    <div className="grid gap-8 md:grid-cols-3">
      <div>
        <h3 className="text-lg font-semibold text-brand-900">{t('landing.why.hard.title')}</h3>
        <p className="mt-2 text-muted">{t('landing.why.hard.text')}</p>
      </div>
      <div>
        <h3 className="text-lg font-semibold text-brand-900">
          {t('landing.why.protection.title')}
        </h3>
        <p className="mt-2 text-muted">{t('landing.why.protection.text')}</p>
      </div>
      <div>
        <h3 className="text-lg font-semibold text-brand-900">{t('landing.why.action.title')}</h3>
        <p className="mt-2 text-muted">{t('landing.why.action.text')}</p>
      </div>
    </div>
  );
}

export function OurWhy() {
  const t = useT();
  return (
    <section
      id="about"
      tabIndex={-1}
      aria-labelledby="about-title"
      className="mx-auto max-w-7xl px-4 py-16 outline-none sm:px-6"
    >
      <h2 id="about-title" className="text-3xl font-bold text-brand-900">
        {t('landing.why.title')}
      </h2>
      <p className="mt-3 max-w-3xl text-lg text-muted">{t('landing.why.lead')}</p>
      <div className="mt-10">
        <OurWhyContent />
      </div>
    </section>
  );
}
