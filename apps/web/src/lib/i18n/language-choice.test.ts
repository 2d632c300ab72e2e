import { afterEach, describe, expect, it } from 'vitest';
import {
  browserLanguage,
  intakeLanguage,
  LANGUAGE_STORAGE_KEY,
  rememberLanguage,
  settleLocale,
} from './language-choice';

function browserSpeaks(...tags: string[]) {
  Object.defineProperty(navigator, 'languages', { value: tags, configurable: true });
}

afterEach(() => {
  browserSpeaks('en-US');
  window.history.replaceState(null, '', '/');
});

describe('the language a page the app draws is in', () => {
  it("is the visitor's choice, and the address is corrected in place to name it", () => {
    rememberLanguage('es');
    window.history.replaceState(null, '', '/my-reports?page=2#top');
    expect(settleLocale()).toBe('es');
    expect(`${location.pathname}${location.search}${location.hash}`).toBe(
      '/es/my-reports?page=2#top',
    );
  });

  it('follows a choice of English away from an address in another language', () => {
    rememberLanguage('en');
    window.history.replaceState(null, '', '/ar/profile');
    expect(settleLocale()).toBe('en');
    expect(location.pathname).toBe('/profile');
  });

  it("is the browser's language before any choice, at an address that names none", () => {
    browserSpeaks('de-AT', 'en');
    window.history.replaceState(null, '', '/');
    expect(settleLocale()).toBe('de');
    expect(location.pathname).toBe('/de/');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('keeps the language an address names when no choice was made, and the pseudo-locale always', () => {
    browserSpeaks('de-DE');
    window.history.replaceState(null, '', '/fr/track');
    expect(settleLocale()).toBe('fr');
    expect(location.pathname).toBe('/fr/track');
    rememberLanguage('es');
    window.history.replaceState(null, '', '/en-XA/track');
    expect(settleLocale()).toBe('en-XA');
  });

  it('stays English for a browser in a language Candor does not speak', () => {
    browserSpeaks('ja-JP', 'zh');
    window.history.replaceState(null, '', '/profile');
    expect(browserLanguage()).toBeNull();
    expect(settleLocale()).toBe('en');
  });
});

describe("an organisation's intake page", () => {
  it("opens in the organisation's language for a visitor with no choice, over the browser's", () => {
    browserSpeaks('de-DE');
    expect(intakeLanguage('pt', 'en', false)).toBe('pt');
    expect(intakeLanguage(null, 'en', false)).toBe('de');
    expect(intakeLanguage('pt', 'pt', false)).toBeNull();
  });

  it("never overrides the visitor's choice, nor a language the address names", () => {
    expect(intakeLanguage('pt', 'en', true)).toBeNull();
    rememberLanguage('en');
    expect(intakeLanguage('pt', 'en', false)).toBeNull();
  });
});
