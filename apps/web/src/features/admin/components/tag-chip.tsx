import { type TagColour, tagPalette } from '@candor/contract/labels';
import type { Tag } from '@candor/contract/tags';

/**
 * Each colour of the contract's palette as classes (Tailwind finds them written out in full):
 * the chip's background and text, the pair the contract measures for WCAG AA.
 */
export const tagChipClasses: Record<TagColour, string> = {
  grey: 'bg-[#e5e7eb] text-[#1f2937]',
  red: 'bg-[#fee2e2] text-[#991b1b]',
  orange: 'bg-[#ffedd5] text-[#9a3412]',
  yellow: 'bg-[#fef3c7] text-[#92400e]',
  green: 'bg-[#dcfce7] text-[#166534]',
  teal: 'bg-[#ccfbf1] text-[#115e59]',
  blue: 'bg-[#dbeafe] text-[#1e40af]',
  purple: 'bg-[#f3e8ff] text-[#6b21a8]',
  pink: 'bg-[#fce7f3] text-[#9d174d]',
};

/** The words of each colour of the palette. */
export const tagColourWordIds: Record<TagColour, string> = {
  grey: 'admin.tagColour.grey',
  red: 'admin.tagColour.red',
  orange: 'admin.tagColour.orange',
  yellow: 'admin.tagColour.yellow',
  green: 'admin.tagColour.green',
  teal: 'admin.tagColour.teal',
  blue: 'admin.tagColour.blue',
  purple: 'admin.tagColour.purple',
  pink: 'admin.tagColour.pink',
};

/** The palette's colours in the order offered. */
export const tagColourNames = Object.keys(tagPalette) as TagColour[];

/** One tag of a report: its name on its colour. */
export function TagChip({ tag }: { tag: Pick<Tag, 'name' | 'colour'> }) {
  return (
    <span
      data-tag-colour={tag.colour}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tagChipClasses[tag.colour]}`}
    >
      <bdi>{tag.name}</bdi>
    </span>
  );
}
