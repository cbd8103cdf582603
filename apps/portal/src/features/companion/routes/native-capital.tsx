import { Alert, Button } from '@mantine/core';
import { holdsPermissions } from '@mp/domain/permissions';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Page } from '../../../components/page.tsx';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { isStaffUser } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useCapitalOffer } from '../api/capital.ts';
import { CapitalOfferCard } from '../components/capital-offer-card.tsx';

/** /native-app/capital (SPEC §2.1 mobile-app view, issue 14 §1): the company's capital offer, for its owners. */
export default function NativeCapitalScreen() {
  const { t } = useTranslation();
  const merchant = useCurrentMerchant();
  const user = useSession()?.user;
  // The API's rule (Company:GetRates, which only CompanyOwner grants; staff pass), said before asking.
  const allowed =
    merchant !== null &&
    holdsPermissions(
      { isStaff: isStaffUser(user), permissions: merchant.permissions },
      ['Company:GetRates'],
      {
        kind: 'company',
      },
    );
  const offer = useCapitalOffer(merchant?.merchantId ?? '', allowed);
  return (
    <Page titleKey="routes.native-capital">
      {!allowed || !merchant ? (
        <Alert color="gray">{t('companion.capital.notAllowed')}</Alert>
      ) : offer.isError ? (
        <Alert color="red" title={t('companion.capital.failed')}>
          <Button variant="light" onClick={() => void offer.refetch()}>
            {t('companion.capital.retry')}
          </Button>
        </Alert>
      ) : offer.data ? (
        <CapitalOfferCard merchantId={merchant.merchantId} data={offer.data} />
      ) : (
        <LoadingIndicator />
      )}
    </Page>
  );
}
