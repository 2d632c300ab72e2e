import type { Messages } from '@lingui/core';

// Every area's catalogue in this language, as one chunk: a page loads its language's and no other.
const areas = import.meta.glob<Messages>('/src/**/messages/ar.json', {
  eager: true,
  import: 'default',
});

export default Object.assign({}, ...Object.values(areas)) as Messages;
