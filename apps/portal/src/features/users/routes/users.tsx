import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { useSites } from '../../../lib/merchant/sites.ts';
import { pathTo } from '../../../lib/paths.ts';
import { useUsers } from '../api/list-users.ts';
import { InvitationsTable } from '../components/invitations-table.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { useHolds } from '../use-user-permissions.ts';

/** /users (User_ListUsers): the current merchant's users. */
export default function UsersScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const holds = useHolds();
  const users = useUsers(merchantId);
  const sites = useSites(merchantId);
  const invite = holds('User:InviteUser') ? (
    <Button component={Link} to={pathTo('add-user')}>
      {t('access.users.invite')}
    </Button>
  ) : undefined;
  return (
    <Page titleKey="routes.users" action={invite}>
      <UsersTable
        users={users.data}
        sites={sites.data ?? []}
        canEdit={holds('User:Update')}
        error={users.error}
        onRetry={() => void users.refetch()}
        emptyAction={invite}
      />
      <InvitationsTable merchantId={merchantId} canRevoke={holds('User:InviteUser')} />
    </Page>
  );
}
