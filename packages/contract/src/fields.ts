// Kept with the other words of the forms, which pages read without loading zod.
import { REQUIRED_MESSAGE } from './labels';
import { z } from './zod';

export { REQUIRED_MESSAGE };

export function tooLongMessage(max: number): string {
  return `Ensure this field has no more than ${max} characters.`;
}

/** Text a person must fill in: trimmed, not empty, at most `max` characters. */
export function requiredText(max: number) {
  return z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: REQUIRED_MESSAGE, abort: true })
    .max(max, tooLongMessage(max));
}
