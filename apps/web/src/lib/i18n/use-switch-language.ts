import type { Language } from '@candor/contract/languages';
import { useCallback } from 'react';
import { useSetBase } from '@/lib/router';
import { activateLocale, localeBase, markDocumentLanguage } from './index';

/**
 * Changes the page's language in place: the catalogue is loaded, then the words, `<html lang
 * dir>` and the address (`/es/…`) change together, and whatever was typed stays.
 */
export function useSwitchLanguage(): (language: Language) => Promise<void> {
  const setBase = useSetBase();
  return useCallback(
    async (language) => {
      await activateLocale(language);
      markDocumentLanguage(language);
      setBase(localeBase(language));
    },
    [setBase],
  );
}
