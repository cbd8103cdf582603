import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { pathTo } from '../../../lib/paths.ts';

interface ErrorPageProps {
  titleKey: string;
  bodyKey: string;
}

/** An error screen: its title, one sentence, and the way back home. */
export function ErrorPage({ titleKey, bodyKey }: ErrorPageProps) {
  const { t } = useTranslation();
  return (
    <Page titleKey={titleKey}>
      <Text>{t(bodyKey)}</Text>
      <div>
        <Button component={Link} to={pathTo('home')}>
          {t('notFound.home')}
        </Button>
      </div>
    </Page>
  );
}
