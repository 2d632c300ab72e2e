import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('formats date and time for the locale', () => {
    // ICU may put a narrow no-break space before AM/PM.
    const text = formatDateTime('2026-11-23T10:42:00.000Z', {
      locale: 'en-US',
      timeZone: 'UTC',
    }).replace(/\s/g, ' ');
    expect(text).toBe('Nov 23, 2026, 10:42 AM');
    expect(formatDateTime('2026-11-23T10:42:00.000Z', { locale: 'de-DE', timeZone: 'UTC' })).toBe(
      '23.11.2026, 10:42',
    );
  });

  it('answers an empty string for a bad date', () => {
    expect(formatDateTime('not a date', { fallback: '' })).toBe('');
  });
});
