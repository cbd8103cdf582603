import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { ALL_SITES } from '@mp/domain/permissions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../lib/paths.ts';
import type { SiteSummary } from '../api/list-sites.ts';
import type { MerchantUser } from '../api/list-users.ts';

interface UsersTableProps {
  users: readonly MerchantUser[];
  sites: readonly SiteSummary[];
  canEdit: boolean;
}

/** SPEC §2.4 users list: name, e-mail, roles, sites and status. */
export function UsersTable({ users, sites, canEdit }: UsersTableProps) {
  const { t } = useTranslation();
  const siteName = (siteId: string) => {
    if (siteId === ALL_SITES) return t('access.users.allSites');
    const site = sites.find((s) => s.siteId === siteId);
    return site ? (site.displayName ?? site.name) : siteId;
  };
  return (
    <Table withTableBorder striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('access.users.name')}</Table.Th>
          <Table.Th>{t('access.users.email')}</Table.Th>
          <Table.Th>{t('access.users.roles')}</Table.Th>
          <Table.Th>{t('access.users.sites')}</Table.Th>
          <Table.Th>{t('access.users.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => {
          const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
          const isOwner = user.companyRoles.includes('CompanyOwner');
          return (
            <Table.Tr key={user.userId}>
              <Table.Td>
                {canEdit ? (
                  <Anchor component={Link} to={pathTo('edit-user', { userId: user.userId })}>
                    {name}
                  </Anchor>
                ) : (
                  name
                )}
              </Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                {isOwner ? t('access.users.roleNames.CompanyOwner') : t('access.users.roleNames.SiteManager')}
              </Table.Td>
              <Table.Td>
                {isOwner ? (
                  <Text size="sm">{t('access.users.allSites')}</Text>
                ) : (
                  <Group gap={4}>
                    {user.siteRoles.map((grant) => (
                      <Badge key={grant.siteId} variant="light">
                        {siteName(grant.siteId)}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Table.Td>
              <Table.Td>{t(`access.users.statuses.${user.status}`)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
