// Who the benchmarks act as: the demo GB owner, their merchant (the first by name, as GET /api/merchants
// lists it) and the variables of the pgbench scripts, read from the database the API uses.
import { DEMO_SIGN_INS } from '../../apps/api/src/db/demo/sign-ins.ts';

export interface BenchWorld {
  merchant: string;
  user: string;
  currency: string;
  timeZone: string;
}

export const WORLD_QUERY = `
  select m.id as merchant, u.id as "user", m.currency, m.time_zone as "timeZone"
    from users u
    join merchant_memberships mm on mm.user_id = u.id
    join merchants m on m.id = mm.merchant_id
   where u.email = '${DEMO_SIGN_INS.gbOwner.email}'
   order by lower(m.legal_entity_name), m.id
   limit 1`;

/** The instant `day` starts in `timeZone` (close enough for a benchmark: the zone's offset at noon that day). */
function startOfDay(day: string, timeZone: string): Date {
  const noon = new Date(`${day}T12:00:00Z`);
  const shown = new Date(noon.toLocaleString('en-US', { timeZone }));
  const utc = new Date(noon.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(Date.parse(`${day}T00:00:00Z`) - (shown.getTime() - utc.getTime()));
}

/** The pgbench variables of a 30-day totals request made now (the API's default period). */
export function totalsVariables(world: BenchWorld, now = new Date()): Record<string, string> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: world.timeZone }).format(now);
  const fromDay = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  return {
    merchant: world.merchant,
    user: world.user,
    currency: world.currency,
    fromday: fromDay,
    today,
    from: startOfDay(fromDay, world.timeZone).toISOString(),
    tomorrowstart: startOfDay(
      new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
      world.timeZone,
    ).toISOString(),
    to: now.toISOString(),
  };
}
