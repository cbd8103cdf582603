CREATE TABLE "transaction_daily_status_totals" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"tip_amount" bigint NOT NULL,
	CONSTRAINT "transaction_daily_status_totals_pk" PRIMARY KEY("merchant_id","day","currency","status")
);
--> statement-breakpoint
ALTER TABLE "transaction_daily_status_totals" ADD CONSTRAINT "transaction_daily_status_totals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_merchant_status_created_idx" ON "transactions" USING btree ("merchant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Issue 16 §1 (docs/PERFORMANCE.md, decision 0100): the list's totals without a site or source read a roll-up
-- without them, ~10 buckets a day instead of ~190. Kept by the statement triggers of 0015/0028/0042 in the same
-- statement, after the finer roll-up's upsert and in key order like it (lock order, 0042).
SELECT app_tenant_table('public.transaction_daily_status_totals');
--> statement-breakpoint
-- Read by the tenant role; written only by the triggers.
REVOKE INSERT, UPDATE, DELETE ON transaction_daily_status_totals FROM app_user;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_daily_totals_trigger() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_daily_totals AS t (merchant_id, site_id, day, currency, status, source, count, amount, tip_amount)
    SELECT n.merchant_id, n.site_id, (n.created_at AT TIME ZONE m.time_zone)::date, n.currency, n.status, n.source,
           count(*), sum(n.amount), sum(n.tip_amount)
      FROM new_rows n JOIN merchants m ON m.id = n.merchant_id
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (merchant_id, day, site_id, currency, status, source) DO UPDATE
       SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
           tip_amount = t.tip_amount + excluded.tip_amount;
    INSERT INTO transaction_daily_status_totals AS s (merchant_id, day, currency, status, count, amount, tip_amount)
    SELECT n.merchant_id, (n.created_at AT TIME ZONE m.time_zone)::date, n.currency, n.status,
           count(*), sum(n.amount), sum(n.tip_amount)
      FROM new_rows n JOIN merchants m ON m.id = n.merchant_id
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, day, currency, status) DO UPDATE
       SET count = s.count + excluded.count, amount = s.amount + excluded.amount,
           tip_amount = s.tip_amount + excluded.tip_amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_daily_totals AS t (merchant_id, site_id, day, currency, status, source, count, amount, tip_amount)
    SELECT o.merchant_id, o.site_id, (o.created_at AT TIME ZONE m.time_zone)::date, o.currency, o.status, o.source,
           -count(*), -sum(o.amount), -sum(o.tip_amount)
      FROM old_rows o JOIN merchants m ON m.id = o.merchant_id
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (merchant_id, day, site_id, currency, status, source) DO UPDATE
       SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
           tip_amount = t.tip_amount + excluded.tip_amount;
    INSERT INTO transaction_daily_status_totals AS s (merchant_id, day, currency, status, count, amount, tip_amount)
    SELECT o.merchant_id, (o.created_at AT TIME ZONE m.time_zone)::date, o.currency, o.status,
           -count(*), -sum(o.amount), -sum(o.tip_amount)
      FROM old_rows o JOIN merchants m ON m.id = o.merchant_id
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, day, currency, status) DO UPDATE
       SET count = s.count + excluded.count, amount = s.amount + excluded.amount,
           tip_amount = s.tip_amount + excluded.tip_amount;
  ELSE
    INSERT INTO transaction_daily_totals AS t (merchant_id, site_id, day, currency, status, source, count, amount, tip_amount)
    SELECT c.merchant_id, c.site_id, (c.created_at AT TIME ZONE m.time_zone)::date, c.currency, c.status, c.source,
           sum(c.sign), sum(c.sign * c.amount), sum(c.sign * c.tip_amount)
      FROM (SELECT o.merchant_id, o.site_id, o.created_at, o.currency, o.status, o.source, o.amount, o.tip_amount, -1 AS sign
              FROM old_rows o JOIN new_rows n ON n.merchant_id = o.merchant_id AND n.id = o.id
             WHERE (o.site_id, o.created_at, o.currency, o.status, o.source, o.amount, o.tip_amount)
                   IS DISTINCT FROM (n.site_id, n.created_at, n.currency, n.status, n.source, n.amount, n.tip_amount)
            UNION ALL
            SELECT n.merchant_id, n.site_id, n.created_at, n.currency, n.status, n.source, n.amount, n.tip_amount, 1
              FROM old_rows o JOIN new_rows n ON n.merchant_id = o.merchant_id AND n.id = o.id
             WHERE (o.site_id, o.created_at, o.currency, o.status, o.source, o.amount, o.tip_amount)
                   IS DISTINCT FROM (n.site_id, n.created_at, n.currency, n.status, n.source, n.amount, n.tip_amount)) c
      JOIN merchants m ON m.id = c.merchant_id
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount) <> 0 OR sum(c.sign * c.tip_amount) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (merchant_id, day, site_id, currency, status, source) DO UPDATE
       SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
           tip_amount = t.tip_amount + excluded.tip_amount;
    -- Only a change of day, currency, status or amounts moves a row between these buckets (a site or source
    -- change nets to nothing here, and is left out by the HAVING).
    INSERT INTO transaction_daily_status_totals AS s (merchant_id, day, currency, status, count, amount, tip_amount)
    SELECT c.merchant_id, (c.created_at AT TIME ZONE m.time_zone)::date, c.currency, c.status,
           sum(c.sign), sum(c.sign * c.amount), sum(c.sign * c.tip_amount)
      FROM (SELECT o.merchant_id, o.created_at, o.currency, o.status, o.amount, o.tip_amount, -1 AS sign
              FROM old_rows o JOIN new_rows n ON n.merchant_id = o.merchant_id AND n.id = o.id
             WHERE (o.created_at, o.currency, o.status, o.amount, o.tip_amount)
                   IS DISTINCT FROM (n.created_at, n.currency, n.status, n.amount, n.tip_amount)
            UNION ALL
            SELECT n.merchant_id, n.created_at, n.currency, n.status, n.amount, n.tip_amount, 1
              FROM old_rows o JOIN new_rows n ON n.merchant_id = o.merchant_id AND n.id = o.id
             WHERE (o.created_at, o.currency, o.status, o.amount, o.tip_amount)
                   IS DISTINCT FROM (n.created_at, n.currency, n.status, n.amount, n.tip_amount)) c
      JOIN merchants m ON m.id = c.merchant_id
     GROUP BY 1, 2, 3, 4
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount) <> 0 OR sum(c.sign * c.tip_amount) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, day, currency, status) DO UPDATE
       SET count = s.count + excluded.count, amount = s.amount + excluded.amount,
           tip_amount = s.tip_amount + excluded.tip_amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_daily_totals_rebuild() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
BEGIN
  DELETE FROM transaction_daily_totals WHERE merchant_id = NEW.id;
  INSERT INTO transaction_daily_totals (merchant_id, site_id, day, currency, status, source, count, amount, tip_amount)
  SELECT t.merchant_id, t.site_id, (t.created_at AT TIME ZONE NEW.time_zone)::date, t.currency, t.status, t.source,
         count(*), sum(t.amount), sum(t.tip_amount)
    FROM transactions t
   WHERE t.merchant_id = NEW.id
   GROUP BY 1, 2, 3, 4, 5, 6;
  DELETE FROM transaction_daily_status_totals WHERE merchant_id = NEW.id;
  INSERT INTO transaction_daily_status_totals (merchant_id, day, currency, status, count, amount, tip_amount)
  SELECT d.merchant_id, d.day, d.currency, d.status, sum(d.count), sum(d.amount), sum(d.tip_amount)
    FROM transaction_daily_totals d
   WHERE d.merchant_id = NEW.id
   GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What is there already.
INSERT INTO transaction_daily_status_totals (merchant_id, day, currency, status, count, amount, tip_amount)
SELECT d.merchant_id, d.day, d.currency, d.status, sum(d.count), sum(d.amount), sum(d.tip_amount)
  FROM transaction_daily_totals d
 GROUP BY 1, 2, 3, 4;
