import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { fromPglite } from '../../src/db/pglite-database.ts';
import { databaseUrlFor } from './database-url.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** PGlite: path of the migrated data-dir tarball every test file loads. */
    pgliteTemplate: string;
    /** PostgreSQL: name of the migrated template database every test file clones. */
    postgresTemplate: string;
  }
}

/**
 * Builds ONE migrated database per test run (creating a PGlite database costs seconds); each test file then
 * gets its own clone from it (see database.ts).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `mp_template_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const template = await openDatabase({ url: databaseUrlFor(url, name), dataDir: '' });
    await template.migrate();
    await template.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }

  const client = new PGlite();
  await client.waitReady;
  const database = fromPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const path = join(tmpdir(), `mp-api-template-${process.pid}-${Date.now()}.tar`);
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', path);
  project.provide('postgresTemplate', '');
  return async () => {
    await rm(path, { force: true });
  };
}
