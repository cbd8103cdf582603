import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOwnInvitations } from '../lib/invitations/own-invitations.ts';
import { pathTo } from '../lib/paths.ts';
import { useSession } from '../lib/session/use-session.ts';

/** Tells a signed-in user they have invitations waiting and links to /invitations; nothing when there are none. */
export function PendingInvitationsNotice() {
  const { t } = useTranslation();
  const userId = useSession()?.user.id ?? '';
  const count = useOwnInvitations(userId).data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      title={t('invitations.notice.title', { count })}
      data-testid="invitations-notice"
    >
      <Anchor component={Link} to={pathTo('invitations')}>
        {t('invitations.notice.link', { count })}
      </Anchor>
    </Alert>
  );
}
