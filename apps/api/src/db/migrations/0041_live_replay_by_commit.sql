-- Live transactions replay by commit, not by stamp (docs/decisions: live-transactions replay by commit): every
-- version of a transactions row carries the id of the database transaction that wrote it, so a stream can ask
-- "what had my last snapshot not seen yet" (pg_visible_in_snapshot) instead of "what is stamped after my last
-- event", which misses a change stamped early (now() is a transaction's start) and committed late.
-- Rows from before this column get 0 (a constant default: no table rewrite), which every snapshot has seen; new
-- rows get their inserting transaction's id from the default, updated rows from the trigger below.
ALTER TABLE "transactions" ADD COLUMN "change_xid" xid8 DEFAULT '0'::xid8 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "change_xid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "transactions_merchant_change_idx" ON "transactions" USING btree ("merchant_id","change_xid");--> statement-breakpoint
-- pg_current_xact_id() is the top-level transaction's id even inside a savepoint (a batched delivery's items).
CREATE OR REPLACE FUNCTION app_transaction_change_xid() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
  AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER transactions_change_xid BEFORE UPDATE ON transactions
  FOR EACH ROW EXECUTE FUNCTION app_transaction_change_xid();
