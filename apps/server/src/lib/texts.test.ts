import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { languages } from '@candor/contract/languages';
import { reportStatusLabels } from '@candor/contract/reports';
import { placeholdersOf } from '@candor/contract/server-texts';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { catalogues, localize } from './texts';

/**
 * The server's words in every language (docs/api.md "Languages"): each text a person can be
 * sent, found in the source, has a translation in every catalogue, with the same variable parts.
 */
const repo = path.resolve(import.meta.dirname, '../../../..');
const serverSrc = path.join(repo, 'apps/server/src');
const contractSrc = path.join(repo, 'packages/contract/src');

/**
 * Code whose texts never reach a person through the API, a notice or a mail: the command line
 * and the operator's tools speak to the operator, in the operator's terminal; the API's own
 * description is for developers; startup checks end in the log.
 */
const NOT_SENT = [
  /^apps\/server\/src\/cli\//,
  /^apps\/server\/src\/operations\//,
  /^apps\/server\/src\/db\//,
  /^apps\/server\/src\/(main|config)\.ts$/,
  /^apps\/server\/src\/(lib|plugins)\/api-docs\.ts$/,
  /^apps\/server\/src\/lib\/(secrets|key-check|startup-error)\.ts$/,
  /^apps\/server\/src\/modules\/audit\/audit-chain\.ts$/,
  /^packages\/contract\/src\/web-build\.ts$/,
];

/** Sentences in sent code that are not for a person: a MIME preamble mail programs show. */
const NOT_FOR_PEOPLE = new Set(['This is an OpenPGP/MIME encrypted message (RFC 4880 and 3156).']);

function walk(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'messages') continue;
    if (statSync(full).isDirectory()) walk(full, found);
    else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name)) found.push(full);
  }
  return found;
}

/** A sentence for a person: a capital, a space, a full stop (or ? or !) at the end. */
const SENTENCE = /^[A-Z][^\n]* [^\n]*[.?!]$/s;

/** Properties and calls whose text is sent whatever its form (Django's texts end with no stop). */
const SENT_PROPERTIES = new Set(['detail', 'error', 'message', 'subject', 'label']);
const SENT_ERRORS =
  /^(App|BadRequest|Unauthorized|Forbidden|NotFound|Conflict|PayloadTooLarge)Error$/;

/** A text as a template: each variable part as `{}`. */
const shapeOfKey = (key: string) => key.replace(/\{\w+\}/g, '{}');

type Found = { text: string; file: string };

function sentTexts(): Found[] {
  const found: Found[] = [];
  const files = [...walk(serverSrc), ...walk(contractSrc)];
  for (const file of files) {
    const relative = path.relative(repo, file);
    if (NOT_SENT.some((pattern) => pattern.test(relative))) continue;
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const isSent = (node: ts.Node) => {
      const parent = node.parent;
      if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
        return SENT_PROPERTIES.has(parent.name.getText(source));
      }
      if (ts.isNewExpression(parent) && ts.isIdentifier(parent.expression)) {
        return SENT_ERRORS.test(parent.expression.text);
      }
      // `const CERTIFICATE_TEXTS = ['Title', …]`: a list of words to translate.
      if (ts.isArrayLiteralExpression(parent)) {
        const holder = ts.isAsExpression(parent.parent) ? parent.parent.parent : parent.parent;
        return ts.isVariableDeclaration(holder) && /_TEXTS$/.test(holder.name.getText(source));
      }
      // `const BAD_CREDENTIALS = 'No active account found…'`: a named text, in words.
      if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) {
        return (
          /^[A-Z][A-Z_]+$/.test(parent.name.text) &&
          /^[A-Z][a-z]+[: ]/.test(node.getText(source).slice(1))
        );
      }
      return false;
    };
    const visit = (node: ts.Node) => {
      let text: string | null = null;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
      else if (ts.isTemplateExpression(node)) {
        text = node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
      }
      if (text !== null && text.trim() !== '' && (SENTENCE.test(text) || isSent(node))) {
        if (!NOT_FOR_PEOPLE.has(text) && /[A-Za-z]{2}/.test(text))
          found.push({ text, file: relative });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  // Words put into other texts: a status in a notice ("Your report is now Resolved.").
  for (const text of Object.values(reportStatusLabels))
    found.push({ text, file: 'packages/contract/src/reports.ts' });
  return found;
}

describe("the server's words in every language", () => {
  const texts = sentTexts();

  it('finds the texts the server sends', () => {
    // A guard on the scan itself: it must see the kinds of text it is there to check.
    const all = texts.map((found) => found.text);
    expect(all).toContain('Not found.');
    expect(all).toContain('This field is required.');
    expect(all).toContain('Ensure this field has no more than {} characters.');
    expect(all).toContain('Your report was acknowledged.');
    expect(all).toContain('Something in Candor needs your attention.');
    expect(all).toContain('Verification code');
    expect(texts.length).toBeGreaterThan(150);
  });

  for (const language of languages.filter((code) => code !== 'en')) {
    it(`${language}: every text sent has a translation`, () => {
      const shapes = new Set(Object.keys(catalogues[language]).map(shapeOfKey));
      const missing = [
        ...new Set(
          texts
            .filter((found) => !shapes.has(shapeOfKey(found.text)))
            .map((f) => `${f.file}: ${f.text}`),
        ),
      ];
      expect(missing).toEqual([]);
    });

    it(`${language}: every translation keeps the variable parts of its text, and parses`, () => {
      const wrong: string[] = [];
      for (const [key, message] of Object.entries(catalogues[language])) {
        const expected = [...new Set(placeholdersOf(key))].sort();
        let used: string[];
        try {
          used = argumentsOf(compileMessageOrThrow(message));
        } catch (error) {
          wrong.push(`${key}: does not parse (${(error as Error).message})`);
          continue;
        }
        if (JSON.stringify([...new Set(used)].sort()) !== JSON.stringify(expected)) {
          wrong.push(`${key}: uses {${used.join('}, {')}}`);
        }
        if (message.trim() === '') wrong.push(`${key}: empty`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('every language has the same texts', () => {
    const keys = Object.keys(catalogues.es).sort();
    for (const language of languages.filter((code) => code !== 'en')) {
      expect(Object.keys(catalogues[language as 'es']).sort(), language).toEqual(keys);
    }
  });

  it('translates exact texts and texts with variable parts, and leaves English and unknown texts alone', () => {
    expect(localize('Not found.', 'es')).toBe('No se ha encontrado.');
    expect(localize('Not found.', 'en')).toBe('Not found.');
    expect(localize('Not found.', null)).toBe('Not found.');
    expect(localize('Ensure this field has no more than 200 characters.', 'de')).toBe(
      'Dieses Feld darf höchstens 200 Zeichen lang sein.',
    );
    expect(localize('No such text at all.', 'fr')).toBe('No such text at all.');
    expect(localize('Request was throttled. Expected available in 1 second.', 'es')).toBe(
      'Demasiadas solicitudes. Podrá intentarlo de nuevo en 1 segundo.',
    );
    expect(localize('Request was throttled. Expected available in 5 seconds.', 'es')).toBe(
      'Demasiadas solicitudes. Podrá intentarlo de nuevo en 5 segundos.',
    );
  });
});

/** The arguments a compiled message uses, plural and select ones included. */
function argumentsOf(compiled: unknown): string[] {
  const names: string[] = [];
  const visitMessage = (message: unknown) => {
    if (Array.isArray(message)) for (const part of message) visitPart(part);
  };
  const visitPart = (part: unknown) => {
    if (!Array.isArray(part)) return;
    const [name, , cases] = part as [string, string?, Record<string, unknown>?];
    names.push(name);
    if (cases && typeof cases === 'object')
      for (const value of Object.values(cases)) visitMessage(value);
  };
  visitMessage(compiled);
  return names;
}
