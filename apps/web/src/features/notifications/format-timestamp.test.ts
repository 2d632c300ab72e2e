import { formatTimestamp } from './format-timestamp';

describe('formatTimestamp', () => {
  it('formats date and time for the locale', () => {
    // ICU may put a narrow no-break space before AM/PM.
    const text = formatTimestamp('2026-11-23T10:42:00.000Z', 'en-US', 'UTC').replace(/\s/g, ' ');
    expect(text).toBe('Nov 23, 2026, 10:42 AM');
    expect(formatTimestamp('2026-11-23T10:42:00.000Z', 'de-DE', 'UTC')).toBe('23.11.2026, 10:42');
  });

  it('answers an empty string for a bad date', () => {
    expect(formatTimestamp('not a date')).toBe('');
  });
});
