// `npm run openapi -w apps/api`: writes apps/api/openapi.json from the routes' zod schemas. The portal
// generates its typed client from that file; test/openapi.test.ts fails when it is stale.
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { OPENAPI_ENV, openApiDocument } from '../src/plugins/openapi.ts';

const openApiFile = resolve(dirname(fileURLToPath(import.meta.url)), '../openapi.json');

const database = await openDatabase({ dataDir: 'memory://' });
await database.migrate();
const app = await buildApp({ config: loadConfig(OPENAPI_ENV), database });
await app.ready();
await writeFile(openApiFile, `${JSON.stringify(openApiDocument(app), null, 2)}\n`);
await app.close();
await database.close();
process.stdout.write(`Wrote ${openApiFile}\n`);
