import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * A catalogue as written (`messages/<language>.json`: id to ICU message) as the app reads it:
 * each message compiled at build time, so the browser carries no message parser. A message that
 * does not parse stops the build, naming it.
 */
export function compileCatalogue(source: string, file: string): Record<string, unknown> {
  const catalogue = JSON.parse(source) as Record<string, unknown>;
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(catalogue)) {
    if (typeof message !== 'string') throw new Error(`${file}: ${id} is not a text`);
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${file}: ${id} does not parse: ${(error as Error).message}`);
    }
  }
  return compiled;
}

/** Where catalogues live: a `messages/` folder beside the code of each area. */
export const CATALOGUE_FILE = /[\\/]messages[\\/](en|es|fr|de|pt|ar)\.json$/;
