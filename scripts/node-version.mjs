// Prints the Node.js that runs the npm scripts, and stops when it is older than `engines` asks.
// npm puts node_modules/.bin first on PATH, where the `node-linux-*` optional dependency links
// Node 22 on Linux, so `npm test`, `npm start` and every process they start run on it.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const minimum = /(\d+)\.(\d+)/.exec(engines.node) ?? [];
const [major, minor] = process.versions.node.split('.').map(Number);
console.log(`Node.js ${process.version} (${process.execPath})`);
const wanted = [Number(minimum[1]), Number(minimum[2])];
if (major < wanted[0] || (major === wanted[0] && minor < wanted[1])) {
  console.error(`Candor needs Node.js ${engines.node}; this is ${process.version}.`);
  process.exit(1);
}
