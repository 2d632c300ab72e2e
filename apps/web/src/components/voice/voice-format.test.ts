import { activateLocale } from '@/lib/i18n';
import { clockOf, spokenLength } from './voice-format';

describe('voice lengths', () => {
  afterEach(() => activateLocale('en'));

  it('read as m:ss, rounded to the second', () => {
    expect(clockOf(0)).toBe('0:00');
    expect(clockOf(4_600)).toBe('0:05');
    expect(clockOf(600, 's')).toBe('10:00');
    expect(clockOf(61_000)).toBe('1:01');
  });

  it('read in words for screen readers', () => {
    expect(spokenLength(1_000)).toBe('1 second');
    expect(spokenLength(60_000)).toBe('1 minute');
    expect(spokenLength(125_000)).toBe('2 minutes 5 seconds');
  });

  it('read in words in the page’s language, with its plural forms', async () => {
    await activateLocale('es');
    expect(spokenLength(125_000)).toBe('2 minutos 5 segundos');
    await activateLocale('ar');
    expect(spokenLength(2_000)).toBe('ثانيتان');
    expect(spokenLength(180_000)).toBe('3 دقائق');
  });
});
