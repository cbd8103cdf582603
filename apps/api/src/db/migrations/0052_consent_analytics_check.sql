-- Analytics events are stored only while the browser's consent id has analytics accepted in its latest recorded
-- choice (decision 0082: the server keeps the rule the browser keeps). app_user may append consent records but not
-- read them back (they are the provider's proof of consent, not the request path's business): this security-definer
-- function answers the one question, true or false, for one consent id. app_user may call it, nobody else.
CREATE OR REPLACE FUNCTION app_consent_accepts_analytics(p_consent_id uuid)
  RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT coalesce(
      (SELECT 'analytics' = ANY (c.categories)
         FROM consent_records c
        WHERE c.consent_id = p_consent_id
        ORDER BY c.received_at DESC, c.consented_at DESC
        LIMIT 1),
      false)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_consent_accepts_analytics(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_consent_accepts_analytics(uuid) TO app_user;
