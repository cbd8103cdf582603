// The merchant and owner that apps/api/scripts/generate-data.ts made in a list database (bench/profile-list.ts,
// bench/compare-list.ts): the owner's password follows from the generator's seed in their e-mail.
import pg from 'pg';

export async function generatedOwner(
  databaseUrl: string,
): Promise<{ merchant: string; email: string; password: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ merchant: string; email: string }>(
      `select m.id as merchant, u.email from merchants m join merchant_memberships mm on mm.merchant_id = m.id
         join users u on u.id = mm.user_id and u.email like 'bench.owner.%@example.com' limit 1`,
    );
    const world = rows[0];
    const seed = world ? /^bench\.owner\.(\d+)@/.exec(world.email)?.[1] : undefined;
    if (!world || !seed) throw new Error(`no generated merchant in ${databaseUrl}`);
    return { ...world, password: `Bench-owner-${seed}A` };
  } finally {
    await client.end();
  }
}
