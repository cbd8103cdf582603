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

/** The list requests the diagnosis tools measure (bench/compare-list.ts, profile-list.ts, list-latency.ts). */
export const LIST_CASES = ['first', 'deep', 'status', 'card', 'bin', 'site', 'six', 'totals'] as const;
export type ListCase = (typeof LIST_CASES)[number];

/**
 * The path of a list case for `merchant`, found through the API as the portal would (`get` answers a path's JSON
 * body): the newest row's card and site for `card`, `bin` and `site`, the keys of 199 pages followed for `deep`.
 */
export async function listCasePath(
  get: <T>(path: string) => Promise<T>,
  merchant: string,
  name: ListCase,
): Promise<string> {
  type Card = { lastFour: string | null; bin: string | null };
  type Page = { lastKey: string | null; data: { siteId: string; card: Card }[] };
  const base = `/api/v1/merchants/${merchant}/transactions`;
  const first = await get<Page>(`${base}?includeTotals=true`);
  if (name === 'first') return `${base}?includeTotals=true`;
  if (name === 'status') return `${base}?status=refunded&includeTotals=true`;
  if (name === 'card') return `${base}?card=${first.data[0]?.card.lastFour}&includeTotals=true`;
  if (name === 'site') return `${base}?siteId=${first.data[0]?.siteId}&includeTotals=true`;
  if (name === 'bin') return `${base}?card=${first.data[0]?.card.bin?.slice(0, 6)}&includeTotals=true`;
  if (name === 'totals') return `${base}/totals`;
  if (name === 'six') {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 182 * 86_400_000).toISOString().slice(0, 10);
    return `${base}?from=${from}&to=${to}&includeTotals=true`;
  }
  let key = first.lastKey;
  for (let page = 1; page < 200 && key; page++)
    key = (await get<Page>(`${base}?lastKey=${encodeURIComponent(key)}`)).lastKey;
  return `${base}?lastKey=${encodeURIComponent(key ?? '')}`;
}
