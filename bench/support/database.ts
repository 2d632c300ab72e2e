import pg from 'pg';

/**
 * Drops the database `url` names and creates it again, empty, on the same server. With `force`,
 * sessions still open on it (an earlier run's) are ended first.
 */
export async function recreateDatabase(url: string, options: { force?: boolean } = {}) {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  await admin.query(`drop database if exists ${name}${options.force ? ' with (force)' : ''}`);
  await admin.query(`create database ${name}`);
  await admin.end();
}
