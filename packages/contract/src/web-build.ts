import { z } from './zod';

/** How a script is named in a CSP by its hash (`sha256-` and the base64 digest). */
export const SCRIPT_HASH_PATTERN = /^sha256-[A-Za-z0-9+/]+={0,2}$/;

/**
 * `prerendered/pages.json` in the web build: what its pre-rendering writes
 * (apps/web/scripts/prerender.mjs, through `prerenderedListText` in src/entry-server.tsx) and the
 * server reads at start (apps/server/src/plugins/web-app.ts).
 */
export const prerenderedListSchema = z.strictObject({
  /** Each address drawn at build time, and its file under `prerendered/`. */
  pages: z.record(z.string().startsWith('/'), z.string().min(1)),
  /**
   * The "Page not found" page in each language (by its code), answered with 404 to an address no
   * route matches; `en` is the one for an address that names no language.
   */
  notFound: z.record(z.string(), z.string().min(1)).refine((pages) => 'en' in pages, {
    message: 'The English "Page not found" page is missing.',
  }),
  /**
   * The languages' parts of an address (`es` in `/es/report`): the router's patterns hold below
   * each of them too.
   */
  localePrefixes: z.array(z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/)),
  /** The router's patterns (`/reports/:reportId`). */
  routes: z.array(z.string().startsWith('/')).min(1),
  /** The inline scripts the pages carry (the stored-session mark), by hash, for the HTML's CSP. */
  scriptHashes: z.array(z.string().regex(SCRIPT_HASH_PATTERN)),
});
export type PrerenderedList = z.infer<typeof prerenderedListSchema>;
