-- Issue 11 §5: concurrent deliveries of notifications that touch the same roll-up buckets lock them in one order
-- (the buckets' keys), so two of them wait on each other instead of deadlocking (PostgreSQL would abort one, and
-- its delivery would take the slow path). The trigger functions of 0028 and 0036, unchanged but for the ORDER BY
-- of the grouped rows each upsert writes.
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
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
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
     ORDER BY 1, 2, 3, 4
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
     ORDER BY 1, 2, 3, 4
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
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, day, site_id, currency) DO UPDATE
       SET count = d.count + excluded.count, amount = d.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
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
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (merchant_id, day, site_id, currency) DO UPDATE
     SET count = d.count + excluded.count, amount = d.amount + excluded.amount;
  RETURN NULL;
END $$;
