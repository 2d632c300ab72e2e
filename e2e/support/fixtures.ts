import path from 'node:path';

/** The evidence photo the journeys attach: a JPEG that carries GPS metadata the server strips. */
export const photo = path.join(
  import.meta.dirname,
  '..',
  '..',
  'apps',
  'server',
  'test',
  'fixtures',
  'evidence',
  'photo-gps.jpg',
);
