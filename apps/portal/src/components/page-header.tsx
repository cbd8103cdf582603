import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { RouteBreadcrumbs } from './route-breadcrumbs.tsx';

interface PageHeaderProps {
  /** The screen's title, already translated; the only `<h1>` of the page. */
  title: ReactNode;
  /** The primary action (a Button or a Link styled as one), right of the title; wraps below it on a phone. */
  action?: ReactNode;
  /** A line under the title (a status badge, a short description). */
  description?: ReactNode;
}

/**
 * The top of every screen: breadcrumbs from the route table (SPEC §2.3), the title as `<h1>`, and one primary
 * action. `Page` renders it for you; use it directly only for screens that set their own document title.
 */
export function PageHeader({ title, action, description }: PageHeaderProps) {
  return (
    <Stack gap={6}>
      <RouteBreadcrumbs />
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {description}
        </Stack>
        {action && <Group gap="xs">{action}</Group>}
      </Group>
    </Stack>
  );
}
