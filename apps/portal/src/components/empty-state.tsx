import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** A short heading ("No users yet"); optional. */
  title?: ReactNode;
  /** One sentence saying why it is empty and what to do. */
  children: ReactNode;
  /** The way out: usually the screen's primary action again ("Invite user"). */
  action?: ReactNode;
}

/** What a list or a screen shows when there is nothing to show: a sentence and, when there is one, an action. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="empty-state">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon variant="light" size={48} radius="xl" color="gray" aria-hidden>
          <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
            <title>empty</title>
            <path d="M4 13h4l2 3h4l2-3h4" />
            <path d="M5.5 6h13L20 13v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1v-5z" />
          </svg>
        </ThemeIcon>
        {title && (
          <Title order={2} size="h4">
            {title}
          </Title>
        )}
        <Text c="dimmed" maw={420}>
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
