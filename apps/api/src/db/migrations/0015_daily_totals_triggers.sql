-- The daily roll-up of transactions (issue 16, docs/PERFORMANCE.md), kept current by the database itself:
-- statement triggers on transactions add each inserted row to its bucket (merchant, site, day in the
-- merchant's time zone, currency, status), take each deleted row away, and move updated rows between buckets,
-- one grouped upsert per statement (a COPY of a million rows is one upsert, not a million). Whatever inserts or
-- updates transactions (PSP notifications, imports, the data generator, tests) keeps it right.
SELECT app_tenant_table('public.transaction_daily_totals');
--> statement-breakpoint
-- Read by the tenant role; written only by the triggers.
REVOKE INSERT, UPDATE, DELETE ON transaction_daily_totals FROM app_user;
--> statement-breakpoint
-- One trigger function for the three statement triggers (a trigger with transition tables has one event): the
-- rows the statement added count +1 in their bucket, the rows it removed -1; an update that changes none of a
-- bucket's inputs (only updated_at, references, card fields) moves nothing. Security definer: app_user may not
-- write the roll-up itself, and the function writes only what the statement's own rows imply.
CREATE OR REPLACE FUNCTION app_daily_totals_trigger() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_daily_totals AS t (merchant_id, site_id, day, currency, status, count, amount, tip_amount)
    SELECT n.merchant_id, n.site_id, (n.created_at AT TIME ZONE m.time_zone)::date, n.currency, n.status,
           count(*), sum(n.amount), sum(n.tip_amount)
      FROM new_rows n JOIN merchants m ON m.id = n.merchant_id
     GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (merchant_id, day, site_id, currency, status) DO UPDATE
       SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
           tip_amount = t.tip_amount + excluded.tip_amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_daily_totals AS t (merchant_id, site_id, day, currency, status, count, amount, tip_amount)
    SELECT o.merchant_id, o.site_id, (o.created_at AT TIME ZONE m.time_zone)::date, o.currency, o.status,
           -count(*), -sum(o.amount), -sum(o.tip_amount)
      FROM old_rows o JOIN merchants m ON m.id = o.merchant_id
     GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (merchant_id, day, site_id, currency, status) DO UPDATE
       SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
           tip_amount = t.tip_amount + excluded.tip_amount;
  ELSE
    INSERT INTO transaction_daily_totals AS t (merchant_id, site_id, day, currency, status, count, amount, tip_amount)
    SELECT c.merchant_id, c.site_id, (c.created_at AT TIME ZONE m.time_zone)::date, c.currency, c.status,
           sum(c.sign), sum(c.sign * c.amount), sum(c.sign * c.tip_amount)
      FROM (SELECT o.merchant_id, o.site_id, o.created_at, o.currency, o.status, o.amount, o.tip_amount, -1 AS sign
              FROM old_rows o JOIN new_rows n ON n.merchant_id = o.merchant_id AND n.id = o.id
             WHERE (o.site_id, o.created_at, o.currency, o.status, o.amount, o.tip_amount)
                   IS DISTINCT FROM (n.site_id, n.created_at, n.currency, n.status, n.amount, n.tip_amount)
            UNION ALL
            SELECT n.merchant_id, n.site_id, n.created_at, n.currency, n.status, n.amount, n.tip_amount, 1
              FROM old_rows o JOIN new_rows n ON n.merchant_id = o.merchant_id AND n.id = o.id
             WHERE (o.site_id, o.created_at, o.currency, o.status, o.amount, o.tip_amount)
                   IS DISTINCT FROM (n.site_id, n.created_at, n.currency, n.status, n.amount, n.tip_amount)) c
      JOIN merchants m ON m.id = c.merchant_id
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount) <> 0 OR sum(c.sign * c.tip_amount) <> 0
    ON CONFLICT (merchant_id, day, site_id, currency, status) DO UPDATE
       SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
           tip_amount = t.tip_amount + excluded.tip_amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_daily_totals_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_daily_totals_trigger();
--> statement-breakpoint
CREATE TRIGGER transactions_daily_totals_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_daily_totals_trigger();
--> statement-breakpoint
CREATE TRIGGER transactions_daily_totals_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_daily_totals_trigger();
--> statement-breakpoint
-- The buckets' days are the merchant's calendar days: a new time zone rebuilds that merchant's roll-up.
CREATE OR REPLACE FUNCTION app_daily_totals_rebuild() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
BEGIN
  DELETE FROM transaction_daily_totals WHERE merchant_id = NEW.id;
  INSERT INTO transaction_daily_totals (merchant_id, site_id, day, currency, status, count, amount, tip_amount)
  SELECT t.merchant_id, t.site_id, (t.created_at AT TIME ZONE NEW.time_zone)::date, t.currency, t.status,
         count(*), sum(t.amount), sum(t.tip_amount)
    FROM transactions t
   WHERE t.merchant_id = NEW.id
   GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER merchants_daily_totals_time_zone AFTER UPDATE OF time_zone ON merchants
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION app_daily_totals_rebuild();
--> statement-breakpoint
-- What is there already.
INSERT INTO transaction_daily_totals (merchant_id, site_id, day, currency, status, count, amount, tip_amount)
SELECT t.merchant_id, t.site_id, (t.created_at AT TIME ZONE m.time_zone)::date, t.currency, t.status,
       count(*), sum(t.amount), sum(t.tip_amount)
  FROM transactions t JOIN merchants m ON m.id = t.merchant_id
 GROUP BY 1, 2, 3, 4, 5;
