import { stdin } from 'node:process';
import { isCancel, password } from '@clack/prompts';

async function askHidden(message: string): Promise<string> {
  const answer = await password({ message });
  if (isCancel(answer)) throw new Error('Cancelled');
  return answer;
}

/**
 * Asks with the typing masked, twice when `confirm` is given; fails when the terminal is not
 * interactive, naming the variable that can give the answer instead.
 */
export async function promptHidden(
  question: string,
  confirm: string | null,
  variable = 'SUPERUSER_PASSWORD',
): Promise<string> {
  if (!stdin.isTTY) {
    throw new Error(`No terminal to ask for it: set ${variable} instead.`);
  }
  const first = await askHidden(question);
  if (confirm !== null) {
    const second = await askHidden(confirm);
    if (first !== second) throw new Error('The two entries do not match.');
  }
  if (!first) throw new Error('The answer may not be empty.');
  return first;
}
