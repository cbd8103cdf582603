-- Invitations of existing accounts (issue 8 §1, DESIGN §4 "Accounts and memberships",
-- docs/decisions/0032-accounts-belong-to-their-owners.md).

-- A tenant table like the others: app_user sees only the current merchant's invitations.
SELECT app_tenant_table('public.merchant_invitations'::regclass);
--> statement-breakpoint
-- The invitee's inbox: with app.user_id set (TenantDb.forUser, the id from the verified token), app_user reads
-- the invitations addressed to that user, across merchants. Read only: accepting and declining run in the
-- merchant's own transaction.
DROP POLICY IF EXISTS invitee_self ON merchant_invitations;
--> statement-breakpoint
CREATE POLICY invitee_self ON merchant_invitations AS PERMISSIVE FOR SELECT TO app_user
  USING (invitee_user_id = app_current_user());
--> statement-breakpoint
-- ... and the merchants that have a pending invitation for that user (the inbox shows the company's name).
DROP POLICY IF EXISTS invitee_self ON merchants;
--> statement-breakpoint
CREATE POLICY invitee_self ON merchants AS PERMISSIVE FOR SELECT TO app_user
  USING (EXISTS (SELECT 1 FROM merchant_invitations mi
                  WHERE mi.merchant_id = merchants.id AND mi.invitee_user_id = app_current_user()
                    AND mi.status = 'pending'));
--> statement-breakpoint
-- Whether an account holds a membership of any merchant other than p_merchant: a merchant's admins may rename
-- an account or reset its password only when every membership of it is theirs. Row-level security confines
-- the tenant transaction to one merchant, so this reads across merchants as the owning role (the function's
-- SET clause clears the merchant setting for its own duration) and answers only yes or no.
CREATE OR REPLACE FUNCTION app_account_shared(p_user uuid, p_merchant uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  SET app.merchant_id = ''
  AS $$
    SELECT EXISTS (SELECT 1 FROM merchant_memberships mm
                    WHERE mm.user_id = p_user AND mm.merchant_id <> p_merchant)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_account_shared(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_account_shared(uuid, uuid) TO app_user;
