import { Stack, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface PageProps {
  /** An i18n key, usually `routes.<route id>`. */
  titleKey: string;
  children?: ReactNode;
}

/** A screen's frame: its translated title as the heading and the document title. */
export function Page({ titleKey, children }: PageProps) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {children}
    </Stack>
  );
}
