import { useEffect } from 'react';
import { useT } from '@/lib/i18n';
import { useLocation } from '@/lib/router';
import { scrollToSection } from '@/lib/scroll';
import { Faq } from '../components/faq';
import { Hero } from '../components/hero';
import { HowItWorks } from '../components/how-it-works';
import { OurWhy } from '../components/our-why';

export function LandingPage() {
  const t = useT();
  const { hash } = useLocation();
  // Arriving at /#section from another page scrolls to it once it is on screen.
  useEffect(() => {
    if (hash) scrollToSection(hash.slice(1), 'auto');
  }, [hash]);
  const title = t('landing.documentTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <>
      <Hero />
      <OurWhy />
      <HowItWorks />
      <Faq />
    </>
  );
}
