-- GET /api/v1/merchants/{id}/transactions/totals: the statements the API sent for it (bench/suites/transactions-list.ts).
-- Its values in the recorded run (merchant and user: the generated owner's): -D merchant='8899d818-977d-46aa-8246-692996dcc594' -D user='0bf42b58-9d2d-4d60-8d78-48b1a07af675' -D v1='{"captured","refund-pending","partially-refunded","refunded","chargeback-pending","chargedback"}' -D v2='{"refund","unref-refund"}' -D v3='GBP' -D v4='2026-10-26' -D v5='2026-11-24' -D v6='2026-11-24T16:53:13.120+00:00' -D v7='2026-11-25T00:00:00.000+00:00'
begin transaction read only; select set_config('app.merchant_id', :merchant, true); set local role app_user; select app_access(:merchant::uuid, :user::uuid, false, '2026-11-24T16:53:13.120Z'::timestamptz) as access;
select coalesce(sum(period.count), 0)::int, coalesce(sum(period.amount + period.tip_amount)
          filter (where period.status = any(:v1::text[])), 0)::text, coalesce(sum(period.amount)
          filter (where period.status = any(:v2::text[])), 0)::text, (select coalesce(sum(refunded.amount), 0)::text from (
    select d.amount from "refund_daily_totals" d where d.merchant_id = :merchant and d.currency = :v3
       and d.day >= :v4::date and d.day <= :v5::date 
    union all
    select -r.amount from "refunds" r
             where r.merchant_id = :merchant and r.status = 'succeeded' and r.currency = :v3
               and r.created_at > :v6 and r.created_at < :v7
  ) as refunded(amount)) from (
    select d.count, d.amount, d.tip_amount, d.status
      from "transaction_daily_status_totals" d
     where d.merchant_id = :merchant and d.currency = :v3
       and d.day >= :v4::date and d.day <= :v5::date 
    union all
    select -1, -"transactions"."amount", -"transactions"."tip_amount", "transactions"."status"
      from "transactions"
     where "transactions"."merchant_id" = :merchant and "transactions"."currency" = :v3
       and "transactions"."created_at" > :v6 and "transactions"."created_at" < :v7
       
  ) as period;
commit;
