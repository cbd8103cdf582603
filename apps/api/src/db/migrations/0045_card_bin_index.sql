-- Issue 16 §1 (docs/PERFORMANCE.md, session 14; decision 0107): a BIN filter as one index range. The list asks
-- for `card_bin ~>=~ 'nnnnnn' and card_bin ~<~ 'nnnnn(n+1)'` (byte order, leakproof: usable under row-level
-- security, where `like` is not); text_pattern_ops orders the index that way whatever the database's collation.
-- Without it the page and its rows' totals read every row of the range (~300 ms at 1M, seconds under load).
CREATE INDEX "transactions_merchant_card_bin_idx" ON "transactions" USING btree ("merchant_id","card_bin" text_pattern_ops);