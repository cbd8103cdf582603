import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { pathTo } from '../../../lib/paths.ts';

export default function NotRightScreen() {
  const { t } = useTranslation();
  return (
    <Page titleKey="routes.not-right">
      <Text>{t('notRight.body')}</Text>
      <div>
        <Button component={Link} to={pathTo('home')}>
          {t('notFound.home')}
        </Button>
      </div>
    </Page>
  );
}
