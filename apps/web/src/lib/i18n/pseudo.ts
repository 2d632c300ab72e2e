import type { Messages } from '@lingui/core';

import { PSEUDO_LOCALE } from './locales';

/**
 * The pseudo-locale (`PSEUDO_LOCALE`), for tests only: every English message with its letters
 * accented and about 40% longer, between brackets. A text the catalogues do not hold stays plain
 * ASCII on screen, and a label cut short loses its closing bracket.
 */
export { PSEUDO_LOCALE };

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** Accents the letters of a text, leaving the rich-text tags (`<0>`, `</0>`, `<0/>`) whole. */
function accent(text: string): string {
  return text
    .split(/(<\/?\d+\/?>)/)
    .map((part, index) =>
      index % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter),
    )
    .join('');
}

type Compiled = string | readonly unknown[];

function letters(message: unknown): number {
  if (typeof message === 'string') return message.replace(/<\/?\d+\/?>/g, '').length;
  if (!Array.isArray(message)) return 0;
  return message.reduce<number>((sum, part) => sum + letters(part), 0);
}

/** A message: a text, or a list of texts and arguments. */
function accentMessage(message: unknown): unknown {
  if (typeof message === 'string') return accent(message);
  return Array.isArray(message) ? message.map(accentPart) : message;
}

/** A text, or an argument (`[name]`, `[count, 'plural', {one: …, other: …}]`) whose cases are messages. */
function accentPart(part: unknown): unknown {
  if (typeof part === 'string') return accent(part);
  if (!Array.isArray(part)) return part;
  const [name, kind, cases] = part as [string, string?, unknown?];
  if (kind === undefined) return [name];
  if (cases === null || typeof cases !== 'object') return part;
  return [
    name,
    kind,
    Object.fromEntries(Object.entries(cases).map(([key, value]) => [key, accentMessage(value)])),
  ];
}

/** One message in the pseudo-locale. */
export function pseudoMessage(message: Compiled): Compiled {
  // In words of up to four, as a longer sentence would be, so it wraps where a language can.
  const padding = '~'.repeat(Math.ceil(letters(message) * 0.4)).replace(/~{4}(?=~)/g, '~~~~ ');
  const accented = accentMessage(message);
  const parts = Array.isArray(accented) ? accented : [accented];
  return ['[', ...parts, `${padding}]`];
}

export function pseudoCatalogue(english: Messages): Messages {
  return Object.fromEntries(
    Object.entries(english).map(([id, message]) => [id, pseudoMessage(message as Compiled)]),
  ) as Messages;
}
