import { useSyncExternalStore } from 'react';
import { SectionLink } from '@/components/section-link';
import { paths, sections } from '@/config/paths';
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
  const year = useCopyrightYear();
  return (
    <footer className="mt-16 bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">Candor</p>
          <p className="mt-2 text-sm">
            A safe place to speak up about abuse, corruption, harassment and misconduct, anonymously
            if you choose.
          </p>
        </div>
        <Column title="Quick Links">
          <li>
            <Link to={paths.home} className={linkClass}>
              Home
            </Link>
          </li>
          <li>
            <SectionLink section={sections.about} className={linkClass}>
              About
            </SectionLink>
          </li>
          <li>
            <SectionLink section={sections.howItWorks} className={linkClass}>
              How It Works
            </SectionLink>
          </li>
          <li>
            <SectionLink section={sections.faq} className={linkClass}>
              FAQ
            </SectionLink>
          </li>
          <li>
            <Link to={paths.submitReport} className={linkClass}>
              Submit Report
            </Link>
          </li>
          <li>
            <Link to={paths.reportWithoutAccount} className={linkClass}>
              Report without an account
            </Link>
          </li>
          <li>
            <Link to={paths.track} className={linkClass}>
              Track a report
            </Link>
          </li>
        </Column>
        <Column title="Legal">
          <li>
            <Link to={paths.privacy} className={linkClass}>
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link to={paths.terms} className={linkClass}>
              Terms of Service
            </Link>
          </li>
          <li>
            <Link to={paths.cookies} className={linkClass}>
              Cookie Policy
            </Link>
          </li>
          <li>
            <Link to={paths.security} className={linkClass}>
              Security
            </Link>
          </li>
        </Column>
        <Column title="Contact">
          <li>
            <Link to={paths.contact} className={linkClass}>
              Support
            </Link>
          </li>
          <li>
            <Link to={paths.contact} className={linkClass}>
              Contact Us
            </Link>
          </li>
          <li>
            <Link to={paths.becomeAdmin} className={linkClass}>
              Become Admin/Org
            </Link>
          </li>
        </Column>
      </div>
      <p className="border-t border-brand-800 py-6 text-center text-sm text-brand-100">
        © {year} Candor. Your voice, protected.
      </p>
    </footer>
  );
}
