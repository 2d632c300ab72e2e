import { Menu, ShieldCheck, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LanguageSwitcher } from '@/components/language-switcher';
import { SectionLink } from '@/components/section-link';
import { LinkButton } from '@/components/ui/link-button';
import { isReporterPage, paths, sections } from '@/config/paths';
import { useSaveLanguage } from '@/features/accounts/api/save-language';
import { useAuth, useLogout } from '@/lib/auth/auth-context';
import { useT } from '@/lib/i18n';
import { Link, NavLink, useLocation } from '@/lib/router';
import { NAV_SCROLL_THRESHOLD_PX } from '@/lib/scroll';
import { LeaveQuickly } from './leave-quickly';
import { dashboardLink } from './nav-items';

// The bell, its panel and the live socket load only for a signed-in user (bench/README.md, "Web:
// first load"); its 44 px slot is held while it loads, so the nav does not move.
const NotificationBell = lazy(async () => ({
  default: (await import('@/features/notifications/components/notification-bell')).NotificationBell,
}));

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:text-brand-700 aria-[current=page]:underline aria-[current=page]:underline-offset-4';

function useScrolledPast(threshold: number) {
  const [isScrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return isScrolled;
}

function NavItems({ onNavigate, stacked }: { onNavigate?: () => void; stacked?: boolean }) {
  const t = useT();
  const { user, isSuperuser } = useAuth();
  const signOutAndLeave = useLogout();
  const itemClass = stacked ? `${linkClass} flex min-h-11 items-center text-base` : linkClass;
  const logout = async () => {
    onNavigate?.();
    await signOutAndLeave();
  };
  const dashboard = user ? dashboardLink(user, isSuperuser) : null;
  // Reporting without an account comes first: a few Tab presses from the top of every page.
  return (
    <>
      <NavLink to={paths.reportWithoutAccount} className={itemClass} onClick={onNavigate}>
        {t('app.nav.reportWithoutAccount')}
      </NavLink>
      <NavLink to={paths.track} className={itemClass} onClick={onNavigate}>
        {t('app.nav.track')}
      </NavLink>
      <SectionLink section={sections.about} className={itemClass} onNavigate={onNavigate}>
        {t('app.nav.about')}
      </SectionLink>
      <SectionLink section={sections.howItWorks} className={itemClass} onNavigate={onNavigate}>
        {t('app.nav.howItWorks')}
      </SectionLink>
      <SectionLink section={sections.faq} className={itemClass} onNavigate={onNavigate}>
        {t('app.nav.faq')}
      </SectionLink>
      <NavLink to={paths.becomeAdmin} className={itemClass} onClick={onNavigate}>
        {t('app.nav.becomeAdmin')}
      </NavLink>
      {dashboard ? (
        <>
          <NavLink to={dashboard.to} className={itemClass} onClick={onNavigate}>
            {t(dashboard.labelId)}
          </NavLink>
          <NavLink to={paths.profile} className={itemClass} onClick={onNavigate}>
            {t('app.nav.profile')}
          </NavLink>
          <button type="button" className={`${itemClass} text-start`} onClick={logout}>
            {t('app.nav.logout')}
          </button>
        </>
      ) : (
        <>
          <NavLink to={paths.login} className={itemClass} onClick={onNavigate} data-visitor-only>
            {t('app.nav.login')}
          </NavLink>
          <NavLink to={paths.register} className={itemClass} onClick={onNavigate} data-visitor-only>
            {t('app.nav.register')}
          </NavLink>
        </>
      )}
    </>
  );
}

/** The phone menu: a native popover, so it opens, closes on Escape and on a click elsewhere
 * even before the app has loaded (the landing page never loads it for a visitor). */
const MENU_ID = 'mobile-menu';

function closeMenu() {
  const menu = document.getElementById(MENU_ID);
  if (menu?.matches(':popover-open')) menu.hidePopover();
}

export function TopNav() {
  const t = useT();
  const isScrolled = useScrolledPast(NAV_SCROLL_THRESHOLD_PX);
  const location = useLocation();
  const { user } = useAuth();
  const saveLanguage = useSaveLanguage();

  // The menu closes on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the location changes
  useEffect(closeMenu, [location.pathname, location.hash]);

  // The look after scrolling hangs on `data-scrolled` alone, so the landing page's small script
  // (src/landing.ts) can set it without the app.
  return (
    <header
      data-scrolled={isScrolled}
      className="group sticky top-0 z-40 border-b border-transparent bg-paper transition-colors data-[scrolled=true]:border-slate-200 data-[scrolled=true]:bg-white/95 data-[scrolled=true]:shadow-sm data-[scrolled=true]:backdrop-blur"
    >
      <nav
        aria-label={t('app.nav.main')}
        className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6"
      >
        <Link
          to={paths.home}
          className="me-1 flex min-h-11 items-center gap-2 text-lg font-bold text-brand-800 sm:me-4"
        >
          <ShieldCheck aria-hidden="true" className="size-6" />
          Candor
        </Link>
        <div className="hidden flex-1 items-center gap-1 xl:flex">
          <NavItems />
        </div>
        <div className="ms-auto flex items-center gap-2">
          {user && (
            <div className="size-11 shrink-0">
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            </div>
          )}
          {/* A reporter's page has its own submit, and a way out. */}
          {isReporterPage(location.pathname) ? (
            <LeaveQuickly />
          ) : (
            <LinkButton
              to={paths.submitReport}
              variant="accent"
              size="sm"
              className="whitespace-nowrap max-sm:min-h-11 max-sm:max-w-40 max-sm:whitespace-normal max-sm:text-center max-sm:leading-tight"
            >
              {t('app.nav.submitReport')}
            </LinkButton>
          )}
          {/* On a phone the menu holds it, so the bar keeps to the screen's width. */}
          <LanguageSwitcher className="max-xl:hidden" onChosen={saveLanguage} />
          {/* The browser tells assistive technology whether the menu is open; the icon and the
              name follow the popover's state through CSS, with or without the app. */}
          <button
            type="button"
            className="flex size-11 items-center justify-center rounded-md text-ink hover:bg-brand-50 xl:hidden"
            popoverTarget={MENU_ID}
          >
            <Menu
              aria-hidden="true"
              className="size-6 group-has-[#mobile-menu:popover-open]:hidden"
            />
            <X
              aria-hidden="true"
              className="hidden size-6 group-has-[#mobile-menu:popover-open]:block"
            />
            <span className="sr-only group-has-[#mobile-menu:popover-open]:hidden">
              {t('app.nav.openMenu')}
            </span>
            <span className="sr-only hidden group-has-[#mobile-menu:popover-open]:inline">
              {t('app.nav.closeMenu')}
            </span>
          </button>
        </div>
      </nav>
      <div
        id={MENU_ID}
        popover="auto"
        className="inset-x-0 top-16 bottom-auto m-0 h-auto w-full max-w-none border-0 border-t border-slate-200 bg-white px-4 pb-4 pt-2 text-ink shadow-md xl:hidden"
      >
        <div className="flex flex-col gap-1">
          <NavItems stacked onNavigate={closeMenu} />
          <LanguageSwitcher className="mt-1" onChosen={saveLanguage} />
        </div>
      </div>
    </header>
  );
}
