import { matchText } from '@candor/contract/server-texts';
import { i18n } from '@lingui/core';

/**
 * A text of the server's (a contract schema's message, checked in the browser before a form is
 * sent) in the page's language, as the server itself would answer it (docs/api.md "Languages"):
 * found in the language's chunk by its English text, a variable part ("at most {max}") kept.
 * English, and a text not found, stay as they are.
 */
export function localizeServerText(text: string): string {
  if (!i18n.locale || i18n.locale === 'en') return text;
  const messages = i18n.messages;
  const match = matchText(text, messages);
  if (!match) return text;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(match.values)) {
    values[name] =
      typeof value === 'string' && Object.hasOwn(messages, value) ? i18n._(value) : value;
  }
  return i18n._(match.key, values);
}
