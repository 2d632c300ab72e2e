// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Words on screen come from the catalogues (docs/languages.md): a component that writes English
 * text in its markup, or in an attribute a person reads or hears (a label, a title, a
 * placeholder), is found here. Names and symbols without letters (`·`, `—`, `%`) may stay.
 */
const src = path.resolve(import.meta.dirname, '../..');

function walk(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, found);
    else if (/\.tsx$/.test(name) && !/\.test\.tsx$/.test(name)) found.push(full);
  }
  return found;
}

/** Attributes a person reads or hears; and any whose name ends with one of these words. */
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'title',
  'placeholder',
  'alt',
  'label',
  'legend',
  'heading',
  'description',
  'hint',
  'message',
  'caption',
]);
const TEXT_ATTRIBUTE_ENDINGS = /(Label|Text|Title|Message|Hint|Description|Heading|Question)$/;
/** What is not a word in any language: a brand, a unit, a code shown as it is. */
const NOT_WORDS = new Set(['Candor', 'PDF', 'CSV', 'ID', 'MB', 'KB', 'OK']);

const hasWords = (text: string) =>
  text
    .split(/[^A-Za-z]+/)
    .filter((word) => /[A-Za-z]{2,}/.test(word))
    .some((word) => !NOT_WORDS.has(word));

/** Each English text written into the markup of a file, with its line. */
function hardCodedTexts(file: string, code = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) {
      found.push(`${at(node)}: ${node.text.trim().replace(/\s+/g, ' ')}`);
    }
    if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(source);
      const value = ts.isStringLiteral(node.initializer)
        ? node.initializer.text
        : ts.isJsxExpression(node.initializer) &&
            node.initializer.expression &&
            (ts.isStringLiteral(node.initializer.expression) ||
              ts.isNoSubstitutionTemplateLiteral(node.initializer.expression))
          ? node.initializer.expression.text
          : null;
      if (
        value !== null &&
        (TEXT_ATTRIBUTES.has(name) || TEXT_ATTRIBUTE_ENDINGS.test(name)) &&
        hasWords(value)
      ) {
        found.push(`${at(node)}: ${name}="${value}"`);
      }
    }
    // A JSX expression that is only a string: `{'Loading…'}`.
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isStringLiteral(node.expression) &&
      !ts.isJsxAttribute(node.parent) &&
      hasWords(node.expression.text)
    ) {
      found.push(`${at(node)}: ${node.expression.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = walk(src);
const relative = (file: string) => path.relative(src, file).split(path.sep).join('/');

describe('words in the markup', () => {
  it('finds text, text attributes and string expressions, and leaves symbols and brands', () => {
    const found = hardCodedTexts(
      'x.tsx',
      `const a = <p title="Open the menu" className="px-2">Hello {name} · <b>{t('x.y')}</b> Candor — {'Wait'} 12%</p>;`,
    );
    expect(found).toEqual(['1: title="Open the menu"', '1: Hello', '1: Wait']);
  });

  it.each(files.map((file) => [relative(file), file]))('%s', (_, file) => {
    expect(hardCodedTexts(file)).toEqual([]);
  });
});
