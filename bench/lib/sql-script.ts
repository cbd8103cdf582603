// The pgbench scripts of bench/pgbench/ run in-process on PGlite: the same statements, the same variables,
// each BEGIN … COMMIT block as one PGlite transaction (PGlite runs one statement at a time, so concurrent
// loops only queue; this is the database's own speed on PGlite).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

interface Statement {
  text: string;
  names: string[];
}

/** Splits a script into its transaction blocks and statements; `:name` becomes a bound parameter. */
export function parseScript(script: string): Statement[][] {
  const text = readFileSync(resolve(import.meta.dirname, '../pgbench', script), 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n');
  const blocks: Statement[][] = [];
  let block: Statement[] = [];
  for (const raw of text.split(/;\s*\n/)) {
    const statement = raw.trim().replace(/;$/, '');
    if (statement === '') continue;
    const begin = /^begin(?:\s+transaction)?(\s+read\s+only)?$/i.exec(statement);
    if (begin) {
      block = begin[1] ? [{ text: 'set transaction read only', names: [] }] : [];
      continue;
    }
    if (/^commit$/i.test(statement)) {
      blocks.push(block);
      continue;
    }
    const names: string[] = [];
    const bound = statement.replace(/(?<!:):([a-z_]+)/g, (_, name: string) => {
      const index = names.indexOf(name);
      if (index >= 0) return `$${index + 1}`;
      names.push(name);
      return `$${names.length}`;
    });
    block.push({ text: bound, names });
  }
  return blocks;
}

/** Runs the script's blocks once, in order. */
export async function runScript(
  client: PGlite,
  blocks: Statement[][],
  variables: Record<string, string>,
): Promise<void> {
  for (const block of blocks) {
    await client.transaction(async (tx) => {
      for (const statement of block) {
        await tx.query(
          statement.text,
          statement.names.map((name) => variables[name]),
        );
      }
    });
  }
}

/** Scripts per second with `concurrency` loops for `seconds`. */
export async function scriptThroughput(
  client: PGlite,
  script: string,
  variables: Record<string, string>,
  options: { concurrency: number; seconds: number },
): Promise<number> {
  const blocks = parseScript(script);
  await runScript(client, blocks, variables);
  const ends = performance.now() + options.seconds * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < ends) {
        await runScript(client, blocks, variables);
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}
