// The reports.generate job's code alone in a process, for bench/suites/report-export.ts: makes one transactions
// report of the given merchant and range with `generateReport` and prints, as JSON on its last line, how long it
// took and the process's peak RSS (VmHWM). The suite runs it with `cursor` (keyset batches → csv-stringify → the
// file store: PGlite's path, and PostgreSQL's before the COPY); `npm run worker` itself makes the COPY report
// (lib/worker-export.ts).
//   node bench/lib/export-worker.ts <databaseUrl> <merchantId> <from> <to> <filesDir> <copy|cursor>
import { readFileSync } from 'node:fs';
import { createTenantDb } from '../../apps/api/src/access/tenant-db.ts';
import { createLocalFileStorage } from '../../apps/api/src/adapters/storage/local-file-storage.ts';
import { systemClock } from '../../apps/api/src/clock.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { generateReport } from '../../apps/api/src/modules/reports/report-jobs.ts';
import { reportsRepository } from '../../apps/api/src/modules/reports/repository.ts';

const [url, merchantId, from, to, filesDir, exportPath] = process.argv.slice(2);
if (!url || !merchantId || !from || !to || !filesDir || (exportPath !== 'copy' && exportPath !== 'cursor'))
  throw new Error('usage: export-worker.ts <databaseUrl> <merchantId> <from> <to> <filesDir> <copy|cursor>');

/** kB → MB of a /proc/self/status line (Linux). */
const status = (field: 'VmHWM' | 'VmRSS') => {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
};

const database = await openDatabase({ url, dataDir: 'memory://' });
const tenantDb = createTenantDb(database);
const report = await tenantDb.forMerchant(merchantId, (tx) =>
  reportsRepository.insert(tx, { merchantId, type: 'transactions', siteIds: null, params: { from, to } }),
);
const storage = createLocalFileStorage({ root: filesDir });
const rssBefore = status('VmRSS');
const started = performance.now();
const errors: unknown[] = [];
await generateReport(
  {
    tenantDb,
    clock: systemClock,
    storage,
    log: { warn: () => {}, error: (e: unknown) => errors.push(e) },
    exportPath,
  },
  { merchantId, reportId: report.id },
);
const seconds = (performance.now() - started) / 1000;
const done = await tenantDb.forMerchant(merchantId, (tx) => reportsRepository.get(tx, merchantId, report.id));
if (done?.state !== 'READY') throw new Error(`the report ended ${done?.state}: ${String(errors[0])}`);
process.stdout.write(
  `${JSON.stringify({
    rows: done.rowCount,
    bytes: done.fileSizeBytes,
    seconds,
    rssBeforeMb: rssBefore,
    peakRssMb: status('VmHWM'),
  })}\n`,
);
await database.close();
