import { useSyncExternalStore } from 'react';
import { LanguageSwitcher } from '@/components/language-switcher';
import { SectionLink } from '@/components/section-link';
import { paths, sections } from '@/config/paths';
import { useSaveLanguage } from '@/features/accounts/api/save-language';
import { useT } from '@/lib/i18n';
import { Link } from '@/lib/router';

/** Phone-sized rows (44 px) under a thumb; a compact list for a pointer. */
const linkClass =
  'inline-flex items-center text-sm text-brand-100 underline-offset-4 hover:text-white hover:underline max-sm:min-h-11 max-sm:min-w-11';

function Column({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="mt-3 space-y-2 max-sm:space-y-0">{children}</ul>
    </div>
  );
}

const noChanges = () => () => {};

/** The year of the build on the server and over its HTML, then this browser's year. */
function useCopyrightYear() {
  return useSyncExternalStore(
    noChanges,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

/** As in the original product: Quick Links; Legal; Contact. */
export function Footer() {
  const t = useT();
  const year = useCopyrightYear();
  const saveLanguage = useSaveLanguage();
  return (
    <footer className="mt-16 bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">Candor</p>
          <p className="mt-2 text-sm">{t('app.footer.tagline')}</p>
          <LanguageSwitcher opens="above" className="mt-4 inline-block" onChosen={saveLanguage} />
        </div>
        <Column title={t('app.footer.quickLinks')}>
          <li>
            <Link to={paths.home} className={linkClass}>
              {t('app.footer.home')}
            </Link>
          </li>
          <li>
            <SectionLink section={sections.about} className={linkClass}>
              {t('app.nav.about')}
            </SectionLink>
          </li>
          <li>
            <SectionLink section={sections.howItWorks} className={linkClass}>
              {t('app.nav.howItWorks')}
            </SectionLink>
          </li>
          <li>
            <SectionLink section={sections.faq} className={linkClass}>
              {t('app.nav.faq')}
            </SectionLink>
          </li>
          <li>
            <Link to={paths.submitReport} className={linkClass}>
              {t('app.nav.submitReport')}
            </Link>
          </li>
          <li>
            <Link to={paths.reportWithoutAccount} className={linkClass}>
              {t('app.nav.reportWithoutAccount')}
            </Link>
          </li>
          <li>
            <Link to={paths.track} className={linkClass}>
              {t('app.nav.track')}
            </Link>
          </li>
        </Column>
        <Column title={t('app.footer.legal')}>
          <li>
            <Link to={paths.privacy} className={linkClass}>
              {t('app.footer.privacy')}
            </Link>
          </li>
          <li>
            <Link to={paths.terms} className={linkClass}>
              {t('app.footer.terms')}
            </Link>
          </li>
          <li>
            <Link to={paths.cookies} className={linkClass}>
              {t('app.footer.cookies')}
            </Link>
          </li>
          <li>
            <Link to={paths.security} className={linkClass}>
              {t('app.footer.security')}
            </Link>
          </li>
        </Column>
        <Column title={t('app.footer.contact')}>
          <li>
            <Link to={paths.contact} className={linkClass}>
              {t('app.footer.support')}
            </Link>
          </li>
          <li>
            <Link to={paths.contact} className={linkClass}>
              {t('app.footer.contactUs')}
            </Link>
          </li>
          <li>
            <Link to={paths.becomeAdmin} className={linkClass}>
              {t('app.nav.becomeAdmin')}
            </Link>
          </li>
        </Column>
      </div>
      <p className="border-t border-brand-800 py-6 text-center text-sm text-brand-100">
        {t('app.footer.copyright', { year })}
      </p>
    </footer>
  );
}
