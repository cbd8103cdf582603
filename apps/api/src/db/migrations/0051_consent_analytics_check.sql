-- Analytics events are stored only while the browser's consent id has analytics accepted in its latest recorded
-- choice (decision 0082: the server keeps the rule the browser keeps). app_user may append consent records but not
-- read them back (they are the provider's proof of consent, not the request path's business): this security-definer
-- function answers the one question, true or false, for one consent id: its latest choice accepts analytics and was
-- made on the dialog's current text (revision p_revision or later). app_user may call it, nobody else.
CREATE OR REPLACE FUNCTION app_consent_accepts_analytics(p_consent_id uuid, p_revision integer)
  RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT coalesce(
      (SELECT 'analytics' = ANY (c.categories) AND c.revision >= p_revision
         FROM consent_records c
        WHERE c.consent_id = p_consent_id
        ORDER BY c.received_at DESC, c.consented_at DESC
        LIMIT 1),
      false)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_consent_accepts_analytics(uuid, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_consent_accepts_analytics(uuid, integer) TO app_user;
