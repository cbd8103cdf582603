import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Page } from '../../../components/page.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { pathTo } from '../../../lib/paths.ts';
import { useSite, useUpdateSite } from '../api/sites-api.ts';
import { SiteForm } from '../components/site-form.tsx';
import { fromSite } from '../site-form-values.ts';

/** /sites/{siteId} (Site_UpdateSite on that site): everything but the name, which is read-only. */
export default function EditSiteScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const siteId = useParams().siteId ?? '';
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const site = useSite(merchantId, siteId);
  const update = useUpdateSite(merchantId, siteId);
  return (
    <Page titleKey="routes.edit-site">
      {site.isPending && <LoadingIndicator size="sm" label={t('sites.loading')} />}
      {site.error && (
        <Alert color="red" variant="light" role="alert">
          {t(apiErrorKey(site.error, 'errors.generic'))}
        </Alert>
      )}
      {site.data && (
        <SiteForm
          kind="edit"
          defaultValues={fromSite(site.data)}
          isLoading={update.isPending}
          error={update.error}
          submitLabel={t('sites.form.save')}
          onSubmit={({ name: _name, ...input }) =>
            update.mutate(input, {
              onSuccess: () => {
                notify(t('sites.saved'));
                navigate(pathTo('all-sites'));
              },
            })
          }
        />
      )}
    </Page>
  );
}
