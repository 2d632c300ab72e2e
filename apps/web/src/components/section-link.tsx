import type { MouseEvent, ReactNode } from 'react';
import { paths } from '@/config/paths';
import { useBase, useLocation, useNavigate } from '@/lib/router';
import { scrollToSection } from '@/lib/scroll';

type SectionLinkProps = {
  section: string;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
};

/** A real link to `/#section` that scrolls smoothly on the landing page (as in the original product). */
export function SectionLink({ section, children, className, onNavigate }: SectionLinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const base = useBase();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate?.();
    if (location.pathname === paths.home && scrollToSection(section)) {
      window.history.replaceState(window.history.state, '', `#${section}`);
    } else {
      navigate({ pathname: paths.home, hash: `#${section}` });
    }
  };
  return (
    <a href={`${base}${paths.home}#${section}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
