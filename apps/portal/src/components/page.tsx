import { Stack } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header.tsx';

interface PageProps {
  /** An i18n key, usually `routes.<route id>`. */
  titleKey: string;
  /** The screen's primary action, shown right of the title (see PageHeader). */
  action?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}

/** A screen's frame: breadcrumbs, its translated title as the heading and the document title, its main action. */
export function Page({ titleKey, action, description, children }: PageProps) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <Stack gap="lg">
      <PageHeader title={title} action={action} description={description} />
      {children}
    </Stack>
  );
}
