import { Alert, Button, Group, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { pathTo } from '../../../lib/paths.ts';
import { useSites } from '../api/list-sites.ts';
import { useUsers } from '../api/list-users.ts';
import { UsersTable } from '../components/users-table.tsx';
import { useHolds } from '../use-user-permissions.ts';

/** /users (User_ListUsers): the current merchant's users. */
export default function UsersScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const holds = useHolds();
  const users = useUsers(merchantId);
  const sites = useSites(merchantId);
  return (
    <Page titleKey="routes.users">
      {holds('User:InviteUser') && (
        <Group>
          <Button component={Link} to={pathTo('add-user')}>
            {t('access.users.invite')}
          </Button>
        </Group>
      )}
      {users.isPending && <Loader size="sm" aria-label={t('access.loading')} />}
      {users.error && (
        <Alert color="red" variant="light" role="alert">
          {users.error.message}
        </Alert>
      )}
      {users.data && (
        <UsersTable users={users.data} sites={sites.data ?? []} canEdit={holds('User:Update')} />
      )}
    </Page>
  );
}
