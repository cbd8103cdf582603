import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Page } from '../../../components/page.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import {
  type OwnInvitation,
  useDecideInvitation,
  useOwnInvitations,
} from '../../../lib/invitations/own-invitations.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { pathTo } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session/use-session.ts';

/** The invitee's 409s (issue 8 §1) as text keys; anything else is the generic message. */
const DECIDE_ERRORS: Record<string, string> = {
  INVITATION_CLOSED: 'invitations.errors.closed',
  INVITATION_EXPIRED: 'invitations.errors.expired',
  USER_ALREADY_MEMBER: 'invitations.errors.alreadyMember',
};

function useRolesLabel() {
  const { t } = useTranslation();
  return (invitation: OwnInvitation) => {
    if (invitation.companyRoles.includes('CompanyOwner')) return t('invitations.roles.owner');
    const sites = invitation.siteRoles.map((role) => role.siteId);
    if (sites.includes('*')) return t('invitations.roles.managerAllSites');
    return t('invitations.roles.managerSites', { count: sites.length });
  };
}

/** /invitations (issue 8 §1): the signed-in user's invitations to companies; they accept or decline each. */
export default function InvitationsScreen() {
  const { t } = useTranslation();
  const userId = useSession()?.user.id ?? '';
  const invitations = useOwnInvitations(userId);
  const decide = useDecideInvitation(userId);
  const rolesLabel = useRolesLabel();
  const [declining, setDeclining] = useState<OwnInvitation | null>(null);

  // Not `mutate`'s own onSuccess: the other cards stay enabled while one decision is sent, and a second `mutate`
  // drops the callbacks of the first (its toast was lost). Each promise settles on its own; a failure is shown
  // from `decide.error`.
  const accept = (invitation: OwnInvitation) =>
    decide.mutateAsync({ invitationId: invitation.invitationId, decision: 'accept' }).then(
      () => notify(t('invitations.accepted', { merchant: invitation.merchantName })),
      () => undefined,
    );
  const decline = (invitation: OwnInvitation) =>
    decide.mutateAsync({ invitationId: invitation.invitationId, decision: 'decline' }).then(
      () => {
        setDeclining(null);
        notify(t('invitations.declined', { merchant: invitation.merchantName }));
      },
      () => undefined,
    );

  let body: ReactNode;
  if (invitations.isPending) body = <LoadingIndicator label={t('invitations.loading')} />;
  else if (invitations.error)
    body = (
      <Alert color="red" role="alert" title={t('invitations.loadFailed')}>
        <Button variant="light" onClick={() => void invitations.refetch()}>
          {t('invitations.retry')}
        </Button>
      </Alert>
    );
  else if (invitations.data.length === 0)
    body = (
      <EmptyState
        title={t('invitations.emptyTitle')}
        action={
          <Button component={Link} to={pathTo('home')} variant="light">
            {t('invitations.goHome')}
          </Button>
        }
      >
        {t('invitations.empty')}
      </EmptyState>
    );
  else
    body = (
      <Stack gap="md">
        {invitations.data.map((invitation) => {
          const busy = decide.isPending && decide.variables?.invitationId === invitation.invitationId;
          return (
            <Card
              key={invitation.invitationId}
              withBorder
              radius="md"
              padding="lg"
              component="section"
              aria-label={invitation.merchantName}
              data-testid="invitation"
            >
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {invitation.merchantName}
                </Title>
                {invitation.invitedBy && (
                  <Text>{t('invitations.invitedBy', { email: invitation.invitedBy })}</Text>
                )}
                <Text>{t('invitations.role', { role: rolesLabel(invitation) })}</Text>
                <Text c="dimmed" size="sm">
                  {t('invitations.expires')} <DateTime value={invitation.expiresAt} />
                </Text>
                <Group gap="sm" mt="xs">
                  <Button
                    onClick={() => accept(invitation)}
                    loading={busy && decide.variables?.decision === 'accept'}
                  >
                    {t('invitations.accept')}
                  </Button>
                  <Button variant="default" onClick={() => setDeclining(invitation)} disabled={busy}>
                    {t('invitations.decline')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </Stack>
    );

  return (
    <Page titleKey="routes.invitations" description={t('invitations.description')}>
      {decide.error && !declining && (
        <Alert color="red" role="alert">
          {t(apiErrorKey(decide.error, 'errors.generic', DECIDE_ERRORS))}
        </Alert>
      )}
      {body}
      <ConfirmDialog
        opened={declining !== null}
        onClose={() => setDeclining(null)}
        onConfirm={() => declining && decline(declining)}
        title={t('invitations.declineTitle')}
        confirmLabel={t('invitations.decline')}
        danger
        loading={decide.isPending}
        footer={
          decide.error && (
            <Alert color="red" variant="light" role="alert">
              {t(apiErrorKey(decide.error, 'errors.generic', DECIDE_ERRORS))}
            </Alert>
          )
        }
      >
        {declining && t('invitations.declineConfirm', { merchant: declining.merchantName })}
      </ConfirmDialog>
    </Page>
  );
}
