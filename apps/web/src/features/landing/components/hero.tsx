import { Lock, ShieldCheck } from 'lucide-react';
import { SectionLink } from '@/components/section-link';
import { LinkButton } from '@/components/ui/link-button';
import { paths, sections } from '@/config/paths';
import { T, useT } from '@/lib/i18n';
import { Link } from '@/lib/router';

/** The first words of each point, in bold. */
const bold = [<strong key="bold" />];

export function Hero() {
  const t = useT();
  return (
    <section className="bg-gradient-to-b from-paper to-brand-50" aria-labelledby="hero-title">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900">
            <Lock aria-hidden="true" className="size-4" />
            {t('landing.hero.badge')}
          </p>
          <h1
            id="hero-title"
            className="text-4xl font-bold tracking-tight text-brand-900 sm:text-5xl"
          >
            {t('landing.hero.title')}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted">{t('landing.hero.lead')}</p>
          {/* Both ways to report side by side: with an account (signing in) and without one. */}
          <div className="mt-8 flex flex-wrap gap-3">
            <LinkButton to={paths.reportWithoutAccount} variant="accent" size="lg">
              {t('landing.hero.reportWithoutAccount')}
            </LinkButton>
            <LinkButton to={paths.submitReport} variant="secondary" size="lg">
              {t('landing.hero.signInAndReport')}
            </LinkButton>
          </div>
          <p className="mt-4 flex flex-wrap items-center gap-x-4 text-base">
            <Link
              to={paths.track}
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
            >
              {t('landing.hero.track')}
            </Link>
            <SectionLink
              section={sections.howItWorks}
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
            >
              {t('landing.hero.learnHow')}
            </SectionLink>
          </p>
        </div>
        <div className="rounded-3xl border border-brand-100 bg-white p-8 shadow-sm">
          <ShieldCheck aria-hidden="true" className="size-10 text-brand-700" />
          <ul className="mt-6 space-y-4 text-ink">
            <li>
              <T id="landing.hero.noName" components={bold} />
            </li>
            <li>
              <T id="landing.hero.evidenceCleaned" components={bold} />
            </li>
            <li>
              <T id="landing.hero.conversation" components={bold} />
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}
