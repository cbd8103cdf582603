-- GET /api/v1/merchants/{id}: the access check of every merchant route, as the API sends it (app_access,
-- under the merchant's context as app_user). Variables: merchant, user.
BEGIN;
SELECT set_config('app.merchant_id', :merchant, true);
SET LOCAL ROLE app_user;
SELECT app_access(:merchant, :user, false, now()) AS access;
COMMIT;
