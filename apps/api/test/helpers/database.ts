import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { fromPglite } from '../../src/db/pglite-database.ts';
import { databaseUrlFor } from './database-url.ts';

let templateBlob: Promise<Blob> | undefined;

/**
 * A fresh, migrated database of its own: a PGlite clone of the run's template (in memory, ~0.5 s), or, when
 * TEST_DATABASE_URL is set, a uniquely named PostgreSQL database created from the template database and
 * dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return createPostgresClone(url, inject('postgresTemplate'));
  templateBlob ??= readFile(inject('pgliteTemplate')).then((buffer) => new Blob([buffer]));
  const client = new PGlite({ loadDataDir: await templateBlob });
  await client.waitReady;
  return fromPglite(client);
}

async function createPostgresClone(url: string, template: string): Promise<Database> {
  const name = `mp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: databaseUrlFor(url, name), dataDir: '' });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
