import { Stack, Text } from '@mantine/core';
import { holdsPermissions } from '@mp/domain/permissions';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { PendingInvitationsNotice } from '../../../components/pending-invitations-notice.tsx';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { isStaffUser } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { LiveTransactions } from '../../transactions/live/live-indicator.tsx';
import { Last30DaysCard } from '../components/last-30-days-card.tsx';
import { LatestTransactions } from '../components/latest-transactions.tsx';
import { SalesDashboard } from '../components/sales-dashboard.tsx';

export default function HomeScreen() {
  const { t } = useTranslation();
  const user = useSession()?.user;
  const merchant = useCurrentMerchant();
  const name = user?.firstName?.trim();
  // The totals need Transaction:ListTransactions on at least one site (the API narrows to those sites).
  const seesTotals =
    merchant !== null &&
    holdsPermissions(
      { isStaff: isStaffUser(user), permissions: merchant.permissions },
      ['Transaction:ListTransactions'],
      { kind: 'any-site' },
    );
  return (
    <Page
      titleKey="routes.home"
      action={
        // New payments update the figures and the list without a reload (issue 11 §2, §4).
        seesTotals ? <LiveTransactions merchantId={merchant.merchantId} /> : undefined
      }
    >
      <Stack>
        <PendingInvitationsNotice />
        <Text size="lg">{name ? t('home.welcome', { name }) : t('home.welcomeNoName')}</Text>
        {merchant && <Text>{t('home.currentMerchant', { merchant: merchant.legalEntityName })}</Text>}
        {merchant && seesTotals && <Last30DaysCard merchantId={merchant.merchantId} />}
        {merchant && seesTotals && <SalesDashboard merchantId={merchant.merchantId} />}
        {merchant && seesTotals && <LatestTransactions merchantId={merchant.merchantId} />}
      </Stack>
    </Page>
  );
}
