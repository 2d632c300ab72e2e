import { type Language, languageFromHeader } from '@candor/contract/languages';
import ar from '@candor/contract/messages/ar.json';
import de from '@candor/contract/messages/de.json';
import es from '@candor/contract/messages/es.json';
import fr from '@candor/contract/messages/fr.json';
import pt from '@candor/contract/messages/pt.json';
import { matchText } from '@candor/contract/server-texts';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * The server's words in the reader's language (docs/api.md "Languages"): the texts it sends in
 * English are the keys of packages/contract/src/messages/<language>.json; a text found there is
 * sent translated, any other as it is.
 */
export const catalogues: Record<Exclude<Language, 'en'>, Record<string, string>> = {
  es,
  fr,
  de,
  pt,
  ar,
};

const translators = new Map<Language, I18n>();

function translatorFor(language: Exclude<Language, 'en'>): I18n {
  let i18n = translators.get(language);
  if (!i18n) {
    const compiled: Messages = {};
    for (const [key, message] of Object.entries(catalogues[language])) {
      compiled[key] = compileMessageOrThrow(message);
    }
    i18n = setupI18n({ locale: language, messages: { [language]: compiled } });
    translators.set(language, i18n);
  }
  return i18n;
}

/**
 * `text` in `language`, when the catalogue has it (exactly, or as a key with variable parts:
 * "At most 30 days." by "At most {max} days."). A variable part that is itself a known text (a
 * status's name) is translated too. English, and any text not found, are returned unchanged.
 */
export function localize(text: string, language: Language | null | undefined): string {
  if (!language || language === 'en') return text;
  const catalogue = catalogues[language];
  const match = matchText(text, catalogue);
  if (!match) return text;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(match.values)) {
    values[name] =
      typeof value === 'string' && Object.hasOwn(catalogue, value)
        ? translatorFor(language)._(value)
        : value;
  }
  return translatorFor(language)._(match.key, values);
}

/** The language of a request: its `Accept-Language`, English when it names none of Candor's. */
export function requestLanguage(request: { headers: Record<string, unknown> }): Language {
  const header = request.headers['accept-language'];
  return languageFromHeader(typeof header === 'string' ? header : undefined);
}
