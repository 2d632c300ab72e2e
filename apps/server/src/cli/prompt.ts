import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline';

function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: stdin, output: stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    let isMuted = false;
    output._writeToOutput = (text: string) => {
      if (!isMuted || text.includes('\n')) stdout.write(isMuted ? '\n' : text);
    };
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    });
    isMuted = true;
    rl.on('SIGINT', () => {
      rl.close();
      reject(new Error('Cancelled'));
    });
  });
}

/** Asks twice without echoing; fails when the terminal is not interactive. */
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
