import { z } from 'zod';

// zod compiles object parsers with `new Function` where it may, and probes for that when a schema
// is built. In a browser Candor's content security policy forbids eval, so the probe is refused
// and reported as a violation on every page that loads a schema; telling zod up front skips it.
// Servers keep the compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

/** zod, configured for where it runs: every contract module takes `z` from here. */
export { z };
