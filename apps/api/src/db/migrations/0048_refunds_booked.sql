-- Decision 0133: a payout build reads of a merchant's refunds only what can still need booking, not its settled
-- history. `booked`: the refund is in the ledger (`refund:<id>`) and not credited back (`refund-reversal:<id>`);
-- the payout builder sets it with those entries. A booked refund no longer succeeded is one a build must credit
-- back (refunds_booked_unsettled_idx, which holds only those). The succeeded refunds changed since a day opened
-- are found through refunds_merchant_succeeded_updated_idx (with 0017's index on created_at for those asked for).
ALTER TABLE "refunds" ADD COLUMN "booked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The refunds booked before this migration (no status or amount changes: the roll-up triggers add nothing).
UPDATE "refunds" f SET "booked" = true
 WHERE EXISTS (SELECT 1 FROM "ledger_entries" e
                WHERE e."merchant_id" = f."merchant_id" AND e."source_key" = 'refund:' || f."id")
   AND NOT EXISTS (SELECT 1 FROM "ledger_entries" e
                    WHERE e."merchant_id" = f."merchant_id" AND e."source_key" = 'refund-reversal:' || f."id");--> statement-breakpoint
CREATE INDEX "refunds_merchant_succeeded_updated_idx" ON "refunds" USING btree ("merchant_id","updated_at") WHERE "refunds"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "refunds_booked_unsettled_idx" ON "refunds" USING btree ("merchant_id") WHERE "refunds"."booked" and "refunds"."status" <> 'succeeded';
