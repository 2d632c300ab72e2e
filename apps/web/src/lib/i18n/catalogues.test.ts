// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { languages } from '@candor/contract/languages';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

/**
 * The catalogues (docs/languages.md): every language holds every message, with the same
 * arguments and tags; every message is used, and every id the code asks for exists.
 */
const src = path.resolve(import.meta.dirname, '../..');

function walk(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, found);
    else found.push(full);
  }
  return found;
}

const files = walk(src);
const catalogueDirs = [
  ...new Set(
    files
      .filter((file) => /[\\/]messages[\\/][^\\/]+\.json$/.test(file))
      .map((file) => path.dirname(file)),
  ),
];
const read = (dir: string, language: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8'));
/** An area's catalogue: its ids start with the name of the folder that holds `messages/`. */
const areaOf = (dir: string) => path.basename(path.dirname(dir));
const relative = (file: string) => path.relative(src, file);

type Shape = { args: string[]; tags: string[]; plurals: Record<string, string[]> };

/** What a message must keep in every language: its arguments, its rich-text tags, its plural cases. */
function shapeOf(message: string): Shape {
  const shape: Shape = { args: [], tags: [], plurals: {} };
  const visitMessage = (compiled: unknown) => {
    if (typeof compiled === 'string') visitText(compiled);
    else if (Array.isArray(compiled)) for (const part of compiled) visitPart(part);
  };
  const visitText = (text: string) => {
    for (const match of text.matchAll(/<(\/?)(\d+)(\/?)>/g)) shape.tags.push(match[0]);
  };
  const visitPart = (part: unknown) => {
    if (typeof part === 'string') return visitText(part);
    if (!Array.isArray(part)) return;
    const [name, kind, cases] = part as [string, string?, Record<string, unknown>?];
    shape.args.push(kind ? `${name}:${kind}` : name);
    if (cases && typeof cases === 'object') {
      if (kind === 'plural' || kind === 'selectordinal') {
        shape.plurals[name] = Object.keys(cases);
      }
      for (const value of Object.values(cases)) visitMessage(value);
    }
  };
  visitMessage(compileMessageOrThrow(message));
  shape.args = [...new Set(shape.args)].sort();
  shape.tags.sort();
  return shape;
}

const sourceFiles = files.filter(
  (file) =>
    /\.(ts|tsx)$/.test(file) &&
    !/\.test\.tsx?$/.test(file) &&
    !file.includes(`${path.sep}test${path.sep}`),
);

/** The ids the code asks for by name: `t('…')`, `<T id="…"`, `i18n._('…')`, and `…Id: '…'`. */
function idsAskedFor(code: string): string[] {
  const ids: string[] = [];
  for (const pattern of [
    /\bt\(\s*['"]([^'"]+)['"]/g,
    /\bi18n\._\(\s*['"]([^'"]+)['"]/g,
    /<T\s+id=["']([^"']+)["']/g,
    /\b[A-Za-z]*Id\s*[:=]\s*\{?\s*['"]([a-z][A-Za-z]*\.[A-Za-z0-9.]+)['"]/g,
  ]) {
    for (const match of code.matchAll(pattern)) if (match[1]) ids.push(match[1]);
  }
  return ids;
}

describe('the catalogues', () => {
  it('are found beside the code', () => {
    expect(catalogueDirs.length).toBeGreaterThan(0);
  });

  it.each(catalogueDirs.map((dir) => [relative(dir), dir]))(
    '%s: every language has exactly the English ids, each in its area',
    (_, dir) => {
      const english = Object.keys(read(dir, 'en')).sort();
      for (const id of english) expect(id.startsWith(`${areaOf(dir)}.`), id).toBe(true);
      for (const language of languages) {
        const ids = Object.keys(read(dir, language)).sort();
        expect({ language, missing: english.filter((id) => !ids.includes(id)) }).toEqual({
          language,
          missing: [],
        });
        expect({ language, unknown: ids.filter((id) => !english.includes(id)) }).toEqual({
          language,
          unknown: [],
        });
      }
    },
  );

  it.each(catalogueDirs.map((dir) => [relative(dir), dir]))(
    '%s: every translation keeps its message’s arguments and tags, and is not left empty',
    (_, dir) => {
      const english = read(dir, 'en');
      for (const language of languages) {
        const catalogue = read(dir, language);
        for (const [id, message] of Object.entries(english)) {
          const translated = catalogue[id];
          if (translated === undefined) continue;
          expect(translated.trim(), `${language} ${id}`).not.toBe('');
          const want = shapeOf(message);
          const got = shapeOf(translated);
          expect({ id, language, args: got.args, tags: got.tags }).toEqual({
            id,
            language,
            args: want.args,
            tags: want.tags,
          });
        }
      }
    },
  );

  it.each(catalogueDirs.map((dir) => [relative(dir), dir]))(
    '%s: a plural has every form its language’s rules ask for',
    (_, dir) => {
      for (const language of languages) {
        const required = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        for (const [id, message] of Object.entries(read(dir, language))) {
          for (const [name, cases] of Object.entries(shapeOf(message).plurals)) {
            const missing = required.filter((category) => !cases.includes(category));
            expect({ id, language, name, missing }).toEqual({ id, language, name, missing: [] });
          }
        }
      }
    },
  );

  it('define each id once, and every id is used by the code', () => {
    const seen = new Map<string, string>();
    for (const dir of catalogueDirs) {
      for (const id of Object.keys(read(dir, 'en'))) {
        expect(seen.get(id), id).toBeUndefined();
        seen.set(id, relative(dir));
      }
    }
    const code = sourceFiles.map((file) => readFileSync(file, 'utf8')).join('\n');
    const unused = [...seen.keys()].filter(
      (id) => !code.includes(`'${id}'`) && !code.includes(`"${id}"`),
    );
    expect(unused).toEqual([]);
  });

  it('hold every id the code asks for', () => {
    const known = new Set(catalogueDirs.flatMap((dir) => Object.keys(read(dir, 'en'))));
    const missing = sourceFiles.flatMap((file) =>
      idsAskedFor(readFileSync(file, 'utf8'))
        .filter((id) => !known.has(id))
        .map((id) => `${relative(file)}: ${id}`),
    );
    expect(missing).toEqual([]);
  });
});
