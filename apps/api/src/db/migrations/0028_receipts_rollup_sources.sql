-- Issue 11 §3: addresses mail could not be delivered to (a permanent SMTP rejection). A receipt to one of them is
-- not sent; the caller is told the recipient is inactive (SPEC §8). Written and read by the mail adapter on the
-- owner connection, never by the tenant role.
CREATE TABLE "mail_inactive_recipients" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"bounced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Issue 11 §4: the home's counts and amounts by source come from the daily roll-up, so its buckets gain the
-- payment source. Emptied first (the column has no default), refilled below with the new triggers.
DELETE FROM "transaction_daily_totals";
--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" ADD COLUMN "source" text NOT NULL;
--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" DROP CONSTRAINT "transaction_daily_totals_pk";
--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" ADD CONSTRAINT "transaction_daily_totals_pk" PRIMARY KEY("merchant_id","day","site_id","currency","status","source");
--> statement-breakpoint
-- The statement triggers of 0015, with the source in every bucket (and a source change moving a row).
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
    ON CONFLICT (merchant_id, day, site_id, currency, status, source) DO UPDATE
       SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
           tip_amount = t.tip_amount + excluded.tip_amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_daily_totals AS t (merchant_id, site_id, day, currency, status, source, count, amount, tip_amount)
    SELECT o.merchant_id, o.site_id, (o.created_at AT TIME ZONE m.time_zone)::date, o.currency, o.status, o.source,
           -count(*), -sum(o.amount), -sum(o.tip_amount)
      FROM old_rows o JOIN merchants m ON m.id = o.merchant_id
     GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (merchant_id, day, site_id, currency, status, source) DO UPDATE
       SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
           tip_amount = t.tip_amount + excluded.tip_amount;
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
    ON CONFLICT (merchant_id, day, site_id, currency, status, source) DO UPDATE
       SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
           tip_amount = t.tip_amount + excluded.tip_amount;
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
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO transaction_daily_totals (merchant_id, site_id, day, currency, status, source, count, amount, tip_amount)
SELECT t.merchant_id, t.site_id, (t.created_at AT TIME ZONE m.time_zone)::date, t.currency, t.status, t.source,
       count(*), sum(t.amount), sum(t.tip_amount)
  FROM transactions t JOIN merchants m ON m.id = t.merchant_id
 GROUP BY 1, 2, 3, 4, 5, 6;
