/** The tests' pseudo-locale (pseudo.ts): an address's part like a language's, never listed. */
export const PSEUDO_LOCALE = 'en-XA';
