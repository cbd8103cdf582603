-- The refunds part of the period totals (issue 16): the succeeded refunds of a merchant in a date range, read
-- from the index alone (merchant, time, and the amount and currency it sums), instead of the whole table.
CREATE INDEX IF NOT EXISTS refunds_merchant_succeeded_created_idx
  ON refunds (merchant_id, created_at) INCLUDE (amount, currency) WHERE status = 'succeeded';
