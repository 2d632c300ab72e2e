// The server's words in other languages (docs/api.md "Languages"). The catalogues are
// `messages/<language>.json` beside this file: each is keyed by the English text the server
// sends, its variable parts written `{name}` ("At most {max} days."), and each value is that
// text in ICU MessageFormat. English has no catalogue: its texts are the keys themselves.
// This module only finds a text's key; the server and the web app each format the message with
// the catalogue they load (apps/server/src/lib/texts.ts, apps/web/src/lib/i18n/server-texts.ts).

/** A text the server sent, found in the catalogue: its key and the values of its variable parts. */
export type TextMatch = { key: string; values: Record<string, string | number> };

type Template = { key: string; pattern: RegExp; names: string[] };

const PLACEHOLDER = /\{(\w+)\}/g;

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/** The key with its variable parts as arguments; its text around them, exactly. */
function templateOf(key: string): Template {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of key.matchAll(PLACEHOLDER)) {
    source += escapeRegExp(key.slice(last, match.index));
    source += '(.+?)';
    names.push(match[1] ?? '');
    last = match.index + match[0].length;
  }
  source += escapeRegExp(key.slice(last));
  return { key, pattern: new RegExp(`^${source}$`, 's'), names };
}

/** The variable parts a key names, in order: a translation must use the same ones. */
export function placeholdersOf(key: string): string[] {
  return [...key.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}

const templatesOf = new WeakMap<object, Template[]>();

/**
 * The key of `text` among `keys` (any object with them as own properties, a catalogue): the
 * same text, or a key with variable parts whose text around them is the same. A variable part
 * made of digits is a number (for plurals).
 */
export function matchText(text: string, keys: Readonly<Record<string, unknown>>): TextMatch | null {
  if (Object.hasOwn(keys, text)) return { key: text, values: {} };
  let templates = templatesOf.get(keys);
  if (!templates) {
    templates = Object.keys(keys)
      .filter((key) => placeholdersOf(key).length > 0)
      .map(templateOf);
    templatesOf.set(keys, templates);
  }
  for (const template of templates) {
    const found = template.pattern.exec(text);
    if (!found) continue;
    const values: TextMatch['values'] = {};
    template.names.forEach((name, index) => {
      const value = found[index + 1] ?? '';
      values[name] = /^\d+$/.test(value) ? Number(value) : value;
    });
    return { key: template.key, values };
  }
  return null;
}
