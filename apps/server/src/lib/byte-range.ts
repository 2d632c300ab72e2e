/** One byte range of a `Range: bytes=...` header (RFC 9110 14.1.2), inclusive. */
export type ByteRange = { start: number; end: number };

/**
 * The range a client asked for, `null` to send the whole file (no header, several ranges or a
 * form we do not serve), or `'unsatisfiable'` when it starts past the end.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { start, end };
}
