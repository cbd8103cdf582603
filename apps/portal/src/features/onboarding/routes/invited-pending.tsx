import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { pathTo } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session/use-session.ts';

export default function InvitedPendingScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Page titleKey="routes.invited-pending">
      <Text>{t('screens.invitedPending')}</Text>
      {!session && (
        <Anchor component={Link} to={pathTo('sign-in')}>
          {t('screens.signInInstead')}
        </Anchor>
      )}
    </Page>
  );
}
