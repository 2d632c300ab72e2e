import server from '@candor/contract/messages/ar.json';
import type { Messages } from '@lingui/core';

// Every area's catalogue in this language, as one chunk: a page loads its language's and no other.
const areas = import.meta.glob<Messages>('/src/**/messages/ar.json', {
  eager: true,
  import: 'default',
});

// And the server's words (its error texts, which the forms also check before sending), keyed by
// their English text (packages/contract/src/server-texts.ts).
export default Object.assign({}, server, ...Object.values(areas)) as Messages;
