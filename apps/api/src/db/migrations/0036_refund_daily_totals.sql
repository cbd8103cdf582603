CREATE TABLE "refund_daily_totals" (
	"merchant_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" char(3) NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "refund_daily_totals_pk" PRIMARY KEY("merchant_id","day","site_id","currency")
);
--> statement-breakpoint
ALTER TABLE "refund_daily_totals" ADD CONSTRAINT "refund_daily_totals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The daily roll-up of succeeded refunds (issue 16, docs/PERFORMANCE.md), kept by the database itself like the
-- transactions' one (0015, 0028): a refund counts in its bucket (merchant, the refunded transaction's site, day
-- of the refund in the merchant's time zone, currency) while its status is 'succeeded'. Statement triggers on
-- refunds add the rows a statement made succeeded and take away those it removed or moved, one grouped upsert
-- per statement, in the statement's own transaction; whatever writes refunds (the refunds service, PSP
-- notifications, tests, the data generator) keeps it right.
SELECT app_tenant_table('public.refund_daily_totals');
--> statement-breakpoint
-- Read by the tenant role; written only by the triggers.
REVOKE INSERT, UPDATE, DELETE ON refund_daily_totals FROM app_user;
--> statement-breakpoint
-- One function for the three statement triggers on refunds. Security definer: app_user may not write the roll-up,
-- and the function writes only what the statement's own rows imply.
CREATE OR REPLACE FUNCTION app_refund_daily_totals_trigger() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO refund_daily_totals AS d (merchant_id, site_id, day, currency, count, amount)
    SELECT n.merchant_id, t.site_id, (n.created_at AT TIME ZONE m.time_zone)::date, n.currency, count(*), sum(n.amount)
      FROM new_rows n
      JOIN transactions t ON t.merchant_id = n.merchant_id AND t.id = n.transaction_id
      JOIN merchants m ON m.id = n.merchant_id
     WHERE n.status = 'succeeded'
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, day, site_id, currency) DO UPDATE
       SET count = d.count + excluded.count, amount = d.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO refund_daily_totals AS d (merchant_id, site_id, day, currency, count, amount)
    SELECT o.merchant_id, t.site_id, (o.created_at AT TIME ZONE m.time_zone)::date, o.currency, -count(*), -sum(o.amount)
      FROM old_rows o
      JOIN transactions t ON t.merchant_id = o.merchant_id AND t.id = o.transaction_id
      JOIN merchants m ON m.id = o.merchant_id
     WHERE o.status = 'succeeded'
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, day, site_id, currency) DO UPDATE
       SET count = d.count + excluded.count, amount = d.amount + excluded.amount;
  ELSE
    INSERT INTO refund_daily_totals AS d (merchant_id, site_id, day, currency, count, amount)
    SELECT c.merchant_id, t.site_id, (c.created_at AT TIME ZONE m.time_zone)::date, c.currency,
           sum(c.sign), sum(c.sign * c.amount)
      FROM (SELECT o.merchant_id, o.transaction_id, o.created_at, o.currency, o.amount, -1 AS sign
              FROM old_rows o WHERE o.status = 'succeeded'
            UNION ALL
            SELECT n.merchant_id, n.transaction_id, n.created_at, n.currency, n.amount, 1
              FROM new_rows n WHERE n.status = 'succeeded') c
      JOIN transactions t ON t.merchant_id = c.merchant_id AND t.id = c.transaction_id
      JOIN merchants m ON m.id = c.merchant_id
     GROUP BY 1, 2, 3, 4
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount) <> 0
    ON CONFLICT (merchant_id, day, site_id, currency) DO UPDATE
       SET count = d.count + excluded.count, amount = d.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER refunds_daily_totals_insert AFTER INSERT ON refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_refund_daily_totals_trigger();
--> statement-breakpoint
CREATE TRIGGER refunds_daily_totals_update AFTER UPDATE ON refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_refund_daily_totals_trigger();
--> statement-breakpoint
CREATE TRIGGER refunds_daily_totals_delete AFTER DELETE ON refunds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_refund_daily_totals_trigger();
--> statement-breakpoint
-- A refund's bucket needs its transaction's site: a transaction deleted with its refunds (ON DELETE CASCADE)
-- would be gone when the refunds' trigger looks for it, so its refunds are deleted first, while it is still there.
CREATE OR REPLACE FUNCTION app_refund_daily_totals_transaction_deleted() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
BEGIN
  DELETE FROM refunds WHERE merchant_id = OLD.merchant_id AND transaction_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_refund_daily_totals_delete BEFORE DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION app_refund_daily_totals_transaction_deleted();
--> statement-breakpoint
-- A transaction moved to another site moves its succeeded refunds' amounts with it.
CREATE OR REPLACE FUNCTION app_refund_daily_totals_transaction_moved() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
BEGIN
  INSERT INTO refund_daily_totals AS d (merchant_id, site_id, day, currency, count, amount)
  SELECT r.merchant_id, c.site_id, (r.created_at AT TIME ZONE m.time_zone)::date, r.currency,
         sum(c.sign), sum(c.sign * r.amount)
    FROM (SELECT o.merchant_id, o.id, o.site_id, -1 AS sign
            FROM old_rows o JOIN new_rows n ON n.merchant_id = o.merchant_id AND n.id = o.id
           WHERE o.site_id IS DISTINCT FROM n.site_id
          UNION ALL
          SELECT n.merchant_id, n.id, n.site_id, 1
            FROM old_rows o JOIN new_rows n ON n.merchant_id = o.merchant_id AND n.id = o.id
           WHERE o.site_id IS DISTINCT FROM n.site_id) c
    JOIN refunds r ON r.merchant_id = c.merchant_id AND r.transaction_id = c.id AND r.status = 'succeeded'
    JOIN merchants m ON m.id = c.merchant_id
   GROUP BY 1, 2, 3, 4
  HAVING sum(c.sign) <> 0 OR sum(c.sign * r.amount) <> 0
  ON CONFLICT (merchant_id, day, site_id, currency) DO UPDATE
     SET count = d.count + excluded.count, amount = d.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_refund_daily_totals_move AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_refund_daily_totals_transaction_moved();
--> statement-breakpoint
-- The buckets' days are the merchant's calendar days: a new time zone rebuilds that merchant's refund days.
CREATE OR REPLACE FUNCTION app_refund_daily_totals_rebuild() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
BEGIN
  DELETE FROM refund_daily_totals WHERE merchant_id = NEW.id;
  INSERT INTO refund_daily_totals (merchant_id, site_id, day, currency, count, amount)
  SELECT r.merchant_id, t.site_id, (r.created_at AT TIME ZONE NEW.time_zone)::date, r.currency, count(*), sum(r.amount)
    FROM refunds r JOIN transactions t ON t.merchant_id = r.merchant_id AND t.id = r.transaction_id
   WHERE r.merchant_id = NEW.id AND r.status = 'succeeded'
   GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER merchants_refund_daily_totals_time_zone AFTER UPDATE OF time_zone ON merchants
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION app_refund_daily_totals_rebuild();
--> statement-breakpoint
-- What is there already.
INSERT INTO refund_daily_totals (merchant_id, site_id, day, currency, count, amount)
SELECT r.merchant_id, t.site_id, (r.created_at AT TIME ZONE m.time_zone)::date, r.currency, count(*), sum(r.amount)
  FROM refunds r
  JOIN transactions t ON t.merchant_id = r.merchant_id AND t.id = r.transaction_id
  JOIN merchants m ON m.id = r.merchant_id
 WHERE r.status = 'succeeded'
 GROUP BY 1, 2, 3, 4;
