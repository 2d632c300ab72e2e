// A worker thread does not inherit the TypeScript loader of the process: register it, then
// load the worker itself (media-worker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./media-worker.ts');
