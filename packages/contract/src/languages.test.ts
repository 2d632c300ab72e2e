import { describe, expect, it } from 'vitest';
import { languageFromHeader } from './languages';

describe('languageFromHeader', () => {
  it('takes the highest weighted range Candor speaks, by its primary subtag', () => {
    expect(languageFromHeader('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageFromHeader('ja,ar-EG;q=0.7,fr;q=0.5')).toBe('ar');
    expect(languageFromHeader('de;q=0.4, pt-BR;q=0.9')).toBe('pt');
  });

  it('answers English for none, nothing it speaks, a refused range or nonsense', () => {
    expect(languageFromHeader(undefined)).toBe('en');
    expect(languageFromHeader('ja,zh;q=0.9')).toBe('en');
    expect(languageFromHeader('es;q=0')).toBe('en');
    expect(languageFromHeader(';;,q=,,')).toBe('en');
  });
});
