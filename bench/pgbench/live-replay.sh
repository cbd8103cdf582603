#!/usr/bin/env bash
# The live stream's replay read (apps/api/src/modules/transactions/live-routes.ts, readSince) from a forged early
# cursor, before decision 0108 (from the cursor's xmin, the site filter in the scan) and after (from its xmax and
# running list, at most 2,001 of the merchant's rows looked at), taking turns. 1M rows of one merchant, one site
# holding 0.1 % of them. Usage: bench/pgbench/live-replay.sh [database] (created and dropped; PostgreSQL on PGHOST).
set -euo pipefail
DB=${1:-live_replay_bench}
PG="-h ${PGHOST:-127.0.0.1} -U ${PGUSER:-postgres}"
psql $PG -d postgres -qc "drop database if exists $DB" -c "create database $DB"
psql $PG -d "$DB" -q <<'SQL'
create table transactions (id uuid primary key default gen_random_uuid(), merchant_id uuid not null, site_id uuid not null,
  status text, psp_reference text, amount bigint, tip_amount bigint, currency text, created_at timestamptz default now(),
  change_xid xid8 not null);
create index on transactions (merchant_id, change_xid);
insert into transactions (merchant_id, site_id, status, psp_reference, amount, tip_amount, currency, change_xid)
select '00000000-0000-0000-0000-000000000001',
       case when i % 1000 = 0 then '00000000-0000-0000-0000-0000000000a1'::uuid else '00000000-0000-0000-0000-0000000000a2'::uuid end,
       'captured', 'ref' || i, 100, 0, 'GBP', (i / 3)::text::xid8
  from generate_series(1, 1000000) i;
vacuum analyze transactions;
SQL
DIR=$(mktemp -d)
M="'00000000-0000-0000-0000-000000000001'::uuid"
A1="'00000000-0000-0000-0000-0000000000a1'::uuid"
COLS="id, site_id, status, psp_reference, amount, tip_amount, currency, created_at"
before() { # cursor, site filter ("" or the site)
  local sites=""; [ -n "$2" ] && sites="and site_id in ($2)"
  echo "select s.snapshot::text, c.* from (select pg_current_snapshot() as snapshot) s left join lateral (select $COLS from transactions where merchant_id = $M $sites and change_xid >= pg_snapshot_xmin('$1'::pg_snapshot) and not pg_visible_in_snapshot(change_xid, '$1'::pg_snapshot) order by change_xid, id limit 501) c on true;"
}
after() {
  local sites="" limit=501; [ -n "$2" ] && sites="where site_id in ($2)" && limit=2001
  echo "with unseen as ((select $COLS, change_xid from transactions where merchant_id = $M and change_xid >= pg_snapshot_xmax('$1'::pg_snapshot) order by change_xid limit $limit) union all (select $COLS, change_xid from transactions where merchant_id = $M and change_xid = any(array(select pg_snapshot_xip('$1'::pg_snapshot))) limit $limit)) select s.snapshot::text, s.looked_at, c.* from (select pg_current_snapshot() as snapshot, (select count(*) from unseen) as looked_at) s left join lateral (select $COLS from unseen $sites order by change_xid, id limit 501) c on true;"
}
uptime
for round in 1 2; do
  for cursor in 1:2: 1:400000:; do
    for who in manager owner; do
      sites=""; [ $who = manager ] && sites=$A1
      for when in before after; do
        $when "$cursor" "$sites" > "$DIR/q.sql"
        printf '%s %-7s %-10s %-6s ' "$round" "$who" "$cursor" "$when"
        pgbench $PG -n -c 1 -T 4 -f "$DIR/q.sql" "$DB" 2>/dev/null | grep 'latency average'
      done
    done
  done
done
uptime
psql $PG -d postgres -qc "drop database $DB"
