import { formatDateTime, formatDay } from './format';

describe('formatDateTime', () => {
  it('writes every date one way, the month in words', () => {
    expect(formatDateTime('2026-11-23T10:42:00.000Z', { timeZone: 'UTC' })).toBe(
      '23 November 2026 at 10:42',
    );
    expect(formatDay('2026-11-24')).toBe('24 November 2026');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('formats date and time for another locale when asked', () => {
    // ICU may put a narrow no-break space before AM/PM.
    const text = formatDateTime('2026-11-23T10:42:00.000Z', {
      locale: 'en-US',
      timeZone: 'UTC',
    }).replace(/\s/g, ' ');
    expect(text).toBe('November 23, 2026 at 10:42 AM');
    expect(formatDateTime('2026-11-23T10:42:00.000Z', { locale: 'de-DE', timeZone: 'UTC' })).toBe(
      '23. November 2026 um 10:42',
    );
  });

  it('answers an empty string for a bad date', () => {
    expect(formatDateTime('not a date', { fallback: '' })).toBe('');
  });
});
