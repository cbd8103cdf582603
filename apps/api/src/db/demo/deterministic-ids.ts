import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/**
 * The rows the demo world makes through the jobs' own code (payouts, end-of-day reports, invoices and their
 * ledger) take their ids from the database's `gen_random_uuid()` default, which made the world differ between
 * two seeds: rows of the same day listed in another order (lists are ordered by day, then id) and an invoice's
 * simulated decline, keyed by its id, falling on another month. While the demo world is seeded, every such
 * default draws instead from a sequence hashed with the seed — still version-4-shaped UUIDs — and is put back
 * before the transaction ends, so nothing of it outlives the seeding.
 */
export async function withDeterministicIds<T>(tx: Db, seed: number, seedWorld: () => Promise<T>): Promise<T> {
  const result = await tx.execute(sql`
    select table_name, column_name from information_schema.columns
     where table_schema = 'public' and column_default = 'gen_random_uuid()'
     order by table_name, column_name`);
  const columns = (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows;
  const name = (identifier: string) => sql.raw(`"${identifier.replaceAll('"', '""')}"`);
  await tx.execute(sql`create sequence demo_seed_ids`);
  const deterministic = sql.raw(
    `overlay(overlay(md5('${seed}:' || nextval('demo_seed_ids')) placing '4' from 13) placing '8' from 17)::uuid`,
  );
  const setDefault = async (to: typeof deterministic) => {
    for (const { table_name, column_name } of columns)
      await tx.execute(
        sql`alter table ${name(table_name)} alter column ${name(column_name)} set default ${to}`,
      );
  };
  await setDefault(deterministic);
  const world = await seedWorld();
  await setDefault(sql.raw('gen_random_uuid()'));
  await tx.execute(sql`drop sequence demo_seed_ids`);
  return world;
}
