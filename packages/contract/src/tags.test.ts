import { describe, expect, it } from 'vitest';
import { bulkInputSchema, tagPalette } from './tags';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the tag palette', () => {
  it.each(Object.entries(tagPalette))('%s passes WCAG AA for text on its chip', (_, colour) => {
    expect(contrast(colour.background, colour.text)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('a bulk action', () => {
  it('names each report once', () => {
    const parsed = bulkInputSchema.safeParse({ ids: [1, 1], action: { kind: 'take' } });
    expect(parsed.success).toBe(false);
  });

  it('names one action', () => {
    expect(bulkInputSchema.safeParse({ ids: [1], action: { kind: 'delete' } }).success).toBe(false);
    expect(bulkInputSchema.safeParse({ ids: [1], action: { kind: 'take' } }).success).toBe(true);
  });
});
