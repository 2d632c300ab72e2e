import { stdin } from 'node:process';
import { isCancel, password } from '@clack/prompts';

async function askHidden(message: string): Promise<string> {
  const answer = await password({ message });
  if (isCancel(answer)) throw new Error('Cancelled');
  return answer;
}

/** Asks twice with the typing masked; fails when the terminal is not interactive. */
export async function promptHidden(question: string, confirm: string): Promise<string> {
  if (!stdin.isTTY) {
    throw new Error('No terminal to ask for the password: set SUPERUSER_PASSWORD instead.');
  }
  const first = await askHidden(question);
  const second = await askHidden(confirm);
  if (first !== second) throw new Error('The passwords do not match.');
  if (!first) throw new Error('The password may not be empty.');
  return first;
}
