import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Anything a loader or screen throws that is not a redirect: the "not right" message and a retry. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t(notFound ? 'routes.not-found' : 'routes.not-right')}</Title>
        <Text>{t(notFound ? 'notFound.body' : 'notRight.body')}</Text>
        <div>
          <Button onClick={() => window.location.reload()}>{t('errors.retry')}</Button>
        </div>
      </Stack>
    </Container>
  );
}
