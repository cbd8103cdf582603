// The statement log of an API process: loaded with `node --import ./bench/lib/statement-log.ts`, it wraps
// `pg.Client.prototype.query` and, while the file named by BENCH_STATEMENT_LOG exists, appends every statement
// the process sends (text, bound values, prepared name) to it as one JSON line. The benchmark creates the file
// around one request and reads back exactly what that request sent, so its pgbench anchor runs the same
// statements (bench/suites/transactions-list.ts). Nothing else loads this module.
import { appendFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';

// The values as node-postgres sends them (arrays as '{…}', dates as text with their offset); untyped in @types/pg.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue(value: unknown): unknown;
};

const file = process.env.BENCH_STATEMENT_LOG;

/** One line of the log. */
export interface LoggedStatement {
  text: string;
  values: unknown[];
  name: string | undefined;
}

function describe(config: unknown, values: unknown): LoggedStatement | undefined {
  if (typeof config === 'string')
    return { text: config, values: Array.isArray(values) ? values : [], name: undefined };
  if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string') {
    const c = config as { text: string; values?: unknown[]; name?: string };
    return { text: c.text, values: c.values ?? (Array.isArray(values) ? values : []), name: c.name };
  }
  return undefined; // a COPY stream or a cursor: not a statement of the routes measured
}

if (file) {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (existsSync(file)) {
      const statement = describe(args[0], args[1]);
      if (statement)
        appendFileSync(
          file,
          `${JSON.stringify({ ...statement, values: statement.values.map((value) => prepareValue(value)) })}\n`,
        );
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
}
