import { Alert, Badge, Button, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import {
  type MerchantInvitation,
  useMerchantInvitations,
  useRevokeInvitation,
} from '../api/merchant-invitations.ts';

const STATE_COLOURS: Record<MerchantInvitation['state'], string> = {
  pending: 'yellow',
  expired: 'gray',
  accepted: 'green',
  declined: 'red',
  revoked: 'gray',
};

interface InvitationsTableProps {
  merchantId: string;
  canRevoke: boolean;
}

/** The merchant's invitations of existing accounts (docs/decisions/0032), each with its state; revoke asks first. */
export function InvitationsTable({ merchantId, canRevoke }: InvitationsTableProps) {
  const { t } = useTranslation();
  const invitations = useMerchantInvitations(merchantId);
  const revoke = useRevokeInvitation(merchantId);
  const [revoking, setRevoking] = useState<MerchantInvitation | null>(null);
  if (invitations.data?.length === 0) return null;
  const close = () => {
    setRevoking(null);
    revoke.reset();
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="invitations-heading">
      <Title order={2} size="h4" id="invitations-heading">
        {t('access.invitations.title')}
      </Title>
      <DataTable
        label={t('access.invitations.title')}
        records={invitations.data}
        idAccessor="invitationId"
        loading={invitations.isPending}
        error={invitations.error}
        onRetry={() => void invitations.refetch()}
        empty={{ text: t('access.invitations.empty') }}
        columns={[
          { accessor: 'email', title: t('access.users.email') },
          {
            accessor: 'role',
            title: t('access.users.roles'),
            noWrap: true,
            render: (invitation) =>
              invitation.companyRoles.includes('CompanyOwner')
                ? t('access.users.roleNames.CompanyOwner')
                : t('access.users.roleNames.SiteManager'),
          },
          {
            accessor: 'state',
            title: t('access.users.status'),
            noWrap: true,
            render: (invitation) => (
              <Badge variant="dot" color={STATE_COLOURS[invitation.state]} tt="none" miw="max-content">
                {t(`access.invitations.states.${invitation.state}`)}
              </Badge>
            ),
          },
          {
            accessor: 'invitedBy',
            title: t('access.invitations.invitedBy'),
            render: (i) => i.invitedBy ?? '—',
          },
          {
            accessor: 'expiresAt',
            title: t('access.invitations.expires'),
            noWrap: true,
            render: (invitation) => <DateTime value={invitation.expiresAt} />,
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (invitation) =>
              canRevoke && invitation.state === 'pending' ? (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => setRevoking(invitation)}
                  aria-label={t('access.invitations.revokeFor', { email: invitation.email })}
                >
                  {t('access.invitations.revoke')}
                </Button>
              ) : null,
          },
        ]}
      />
      <ConfirmDialog
        opened={revoking !== null}
        onClose={close}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.invitationId, {
            onSuccess: () => {
              notify(t('access.invitations.revoked', { email: revoking.email }));
              close();
            },
          })
        }
        title={t('access.invitations.revokeTitle')}
        confirmLabel={t('access.invitations.revoke')}
        danger
        loading={revoke.isPending}
        footer={
          revoke.error && (
            <Alert color="red" variant="light" role="alert">
              {t(
                apiErrorKey(revoke.error, 'errors.generic', {
                  INVITATION_CLOSED: 'access.invitations.revokeClosed',
                }),
              )}
            </Alert>
          )
        }
      >
        {revoking && t('access.invitations.revokeConfirm', { email: revoking.email })}
      </ConfirmDialog>
    </Stack>
  );
}
