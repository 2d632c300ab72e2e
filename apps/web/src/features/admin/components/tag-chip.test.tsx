import { tagPalette } from '@candor/contract/labels';
import { render, screen } from '@testing-library/react';
import { TagChip, tagChipClasses } from './tag-chip';

describe('TagChip', () => {
  it.each(Object.entries(tagPalette))('%s draws the palette’s measured pair', (colour, pair) => {
    const classes = tagChipClasses[colour as keyof typeof tagPalette];
    expect(classes).toContain(`bg-[${pair.background}]`);
    expect(classes).toContain(`text-[${pair.text}]`);
  });

  it('shows the tag’s name on its colour', () => {
    render(<TagChip tag={{ name: 'Same incident', colour: 'red' }} />);
    const chip = screen.getByText('Same incident').closest('span[data-tag-colour]');
    expect(chip).toHaveAttribute('data-tag-colour', 'red');
    expect(chip?.className).toContain('bg-[#fee2e2]');
  });
});
