import { type Language, languageNames, languages } from '@candor/contract/languages';
import { Languages } from 'lucide-react';
import type { MouseEvent } from 'react';
import { direction, isLanguage, localeBase, useLocale, useT } from '@/lib/i18n';
import { rememberLanguage } from '@/lib/i18n/language-choice';
import { useSwitchLanguage } from '@/lib/i18n/use-switch-language';
import { useLocation } from '@/lib/router';

/** The address of the page being read, in `language`. */
function addressIn(language: Language, pathname: string, search: string, hash: string) {
  const base = localeBase(language);
  return `${base}${pathname === '/' && base ? '/' : pathname}${search}${hash}`;
}

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/**
 * The languages, each named in itself ("Español", "العربية"), as links to the page being read in
 * that language: they work before the app has loaded (the page's own script remembers the choice,
 * lib/i18n/language-choice.ts), and with it the page changes language in place, keeping whatever
 * was typed. A native disclosure, so the keyboard opens and closes it with or without the app.
 */
export function LanguageSwitcher({
  className = '',
  opens = 'below',
  onChosen,
}: {
  className?: string;
  /** Where the list opens: below the button (the header), or above it (the footer). */
  opens?: 'below' | 'above';
  /** Told after the page has changed language (a signed-in person's choice is kept for their mail). */
  onChosen?: (language: Language) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const switchLanguage = useSwitchLanguage();
  const { pathname, search, hash } = useLocation();
  const current = isLanguage(locale) ? locale : 'en';
  const choose = (event: MouseEvent<HTMLAnchorElement>, language: Language) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    rememberLanguage(language);
    const details = event.currentTarget.closest('details');
    void switchLanguage(language).then(() => {
      if (details) details.open = false;
      details?.querySelector('summary')?.focus();
      onChosen?.(language);
    });
  };
  return (
    <details className={`group/lang relative ${className}`}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-brand-50 hover:text-brand-800 [&::-webkit-details-marker]:hidden">
        <Languages aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only">
          {t('components.language.current', { language: languageNames[current] })}
        </span>
        <span aria-hidden="true" lang={current} className="max-sm:hidden">
          {languageNames[current]}
        </span>
        <span aria-hidden="true" className="uppercase sm:hidden">
          {current}
        </span>
      </summary>
      <ul
        aria-label={t('components.language.label')}
        className={`absolute end-0 z-50 min-w-40 ${opens === 'above' ? 'bottom-full mb-1' : 'mt-1'} rounded-md border border-slate-200 bg-white p-1 text-ink shadow-md`}
      >
        {languages.map((language) => (
          <li key={language}>
            <a
              href={addressIn(language, pathname, search, hash)}
              hrefLang={language}
              lang={language}
              dir={direction(language)}
              data-language={language}
              aria-current={language === current ? 'true' : undefined}
              onClick={(event) => choose(event, language)}
              className="flex min-h-11 items-center rounded px-3 text-sm text-ink hover:bg-brand-50 aria-[current=true]:font-semibold aria-[current=true]:text-brand-800"
            >
              {languageNames[language]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
