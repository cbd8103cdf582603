-- The PSP inbox under tenant isolation (docs/decisions/0030): the tenant role reads only its merchant's matched
-- notification items (a transaction's events); unmatched items (merchant_id null) are seen by the owner only.
SELECT app_tenant_table('public.psp_notifications'::regclass);
