-- GET /api/v1/merchants/{id}/transactions/totals (last 30 days, every site): the access check and the payments
-- and refunds sums in one statement (every day from the daily roll-ups — the payments from the one per day, currency and status —, less today after `to`), in one
-- read-only transaction under the merchant's context as app_user, as the API sends them in one round trip once
-- it knows the merchant's currency and time zone (`RouteAccess.read`, decision 0099). Variables: merchant, user,
-- currency, fromday, today (dates), from, to, tomorrowstart (ISO instants).
BEGIN TRANSACTION READ ONLY;
SELECT set_config('app.merchant_id', :merchant, true);
SET LOCAL ROLE app_user;
SELECT app_access(:merchant, :user, false, now()) AS access;
SELECT coalesce(sum(period.count), 0)::int,
       coalesce(sum(period.amount + period.tip_amount) FILTER (WHERE period.status = any('{captured,refund-pending,partially-refunded,refunded,chargeback-pending,chargedback}'::text[])), 0)::text,
       coalesce(sum(period.amount) FILTER (WHERE period.status = any('{refund,unref-refund}'::text[])), 0)::text,
       (SELECT coalesce(sum(refunded.amount), 0)::text
          FROM (SELECT d.amount
                  FROM refund_daily_totals d
                 WHERE d.merchant_id = :merchant AND d.currency = :currency AND d.day >= :fromday::date AND d.day <= :today::date
                UNION ALL
                SELECT -r.amount
                  FROM refunds r
                 WHERE r.merchant_id = :merchant AND r.status = 'succeeded' AND r.currency = :currency AND r.created_at > :to::timestamptz AND r.created_at < :tomorrowstart::timestamptz) AS refunded(amount))
  FROM (SELECT d.count, d.amount, d.tip_amount, d.status
          FROM transaction_daily_status_totals d
         WHERE d.merchant_id = :merchant AND d.currency = :currency AND d.day >= :fromday::date AND d.day <= :today::date
        UNION ALL
        SELECT -1, -amount, -tip_amount, status
          FROM transactions
         WHERE merchant_id = :merchant AND currency = :currency AND created_at > :to::timestamptz AND created_at < :tomorrowstart::timestamptz) AS period;
COMMIT;
