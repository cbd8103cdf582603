import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { pathTo } from '../../../lib/paths.ts';
import { useCreateSite } from '../api/sites-api.ts';
import { SiteForm } from '../components/site-form.tsx';
import { EMPTY_SITE_FORM } from '../site-form-values.ts';

/** /new-site (Site_CreateSite). */
export default function NewSiteScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const create = useCreateSite(merchantId);
  return (
    <Page titleKey="routes.new-site">
      <SiteForm
        kind="create"
        defaultValues={EMPTY_SITE_FORM}
        isLoading={create.isPending}
        error={create.error}
        submitLabel={t('sites.form.create')}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: (site) => {
              notify(t('sites.created', { name: site.name }));
              navigate(pathTo('all-sites'));
            },
          })
        }
      />
    </Page>
  );
}
