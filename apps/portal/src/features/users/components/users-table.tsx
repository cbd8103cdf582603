import { Anchor, Badge, Group, Text } from '@mantine/core';
import { ALL_SITES } from '@mp/domain/permissions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { personName } from '../../../lib/format/person-name.ts';
import type { SiteSummary } from '../../../lib/merchant/sites.ts';
import { pathTo } from '../../../lib/paths.ts';
import type { MerchantUser } from '../api/list-users.ts';

interface UsersTableProps {
  users: readonly MerchantUser[] | undefined;
  sites: readonly SiteSummary[];
  canEdit: boolean;
  error: unknown;
  onRetry: () => void;
  /** The invite button again, in the empty state. */
  emptyAction?: ReactNode;
}

/** SPEC §2.4 users list: name, e-mail, roles, sites and status; a row opens the user when the viewer may edit. */
export function UsersTable({ users, sites, canEdit, error, onRetry, emptyAction }: UsersTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const siteName = (siteId: string) => {
    if (siteId === ALL_SITES) return t('access.users.allSites');
    const site = sites.find((s) => s.siteId === siteId);
    return site ? (site.displayName ?? site.name) : siteId;
  };
  const isOwner = (user: MerchantUser) => user.companyRoles.includes('CompanyOwner');
  return (
    <DataTable<MerchantUser>
      label={t('routes.users')}
      records={users}
      idAccessor="userId"
      error={error}
      onRetry={onRetry}
      empty={{ text: t('access.users.empty'), action: emptyAction }}
      onRowClick={canEdit ? (user) => void navigate(pathTo('edit-user', { userId: user.userId })) : undefined}
      columns={[
        {
          accessor: 'name',
          title: t('access.users.name'),
          noWrap: true,
          render: (user) =>
            canEdit ? (
              <Anchor
                component={Link}
                to={pathTo('edit-user', { userId: user.userId })}
                onClick={(event) => event.stopPropagation()}
                fw={500}
              >
                {personName(user)}
              </Anchor>
            ) : (
              <Text fw={500} inherit>
                {personName(user)}
              </Text>
            ),
        },
        { accessor: 'email', title: t('access.users.email') },
        {
          accessor: 'role',
          title: t('access.users.roles'),
          noWrap: true,
          render: (user) =>
            isOwner(user)
              ? t('access.users.roleNames.CompanyOwner')
              : t('access.users.roleNames.SiteManager'),
        },
        {
          accessor: 'sites',
          title: t('access.users.sites'),
          render: (user) =>
            isOwner(user) ? (
              t('access.users.allSites')
            ) : (
              <Group gap={4} wrap="wrap">
                {user.siteRoles.map((grant) => (
                  <Badge key={grant.siteId} variant="default" tt="none" fw={500} miw="max-content">
                    {siteName(grant.siteId)}
                  </Badge>
                ))}
              </Group>
            ),
        },
        {
          accessor: 'twoFactor',
          title: t('access.users.twoFactor'),
          noWrap: true,
          render: (user) => (
            <Badge variant="light" color={user.twoFactor ? 'green' : 'gray'} tt="none" miw="max-content">
              {user.twoFactor ? t('access.users.twoFactorOn') : t('access.users.twoFactorOff')}
            </Badge>
          ),
        },
        {
          accessor: 'status',
          title: t('access.users.status'),
          noWrap: true,
          render: (user) => (
            <Badge
              variant="dot"
              color={user.status === 'active' ? 'green' : user.status === 'pending' ? 'yellow' : 'gray'}
              tt="none"
              miw="max-content"
            >
              {t(`access.users.statuses.${user.status}`)}
            </Badge>
          ),
        },
      ]}
    />
  );
}
