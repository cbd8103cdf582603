import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { pathTo } from '../../../lib/paths.ts';

/** SPEC §2.1, §8: any unknown path and /not-found show "Did you get lost?". */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Page titleKey="routes.not-found">
      <Text>{t('notFound.body')}</Text>
      <div>
        <Button component={Link} to={pathTo('home')}>
          {t('notFound.home')}
        </Button>
      </div>
    </Page>
  );
}
