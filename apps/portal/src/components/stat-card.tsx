import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './stat-card.module.css';

interface StatCardProps {
  label: ReactNode;
  /** The figure: usually a `<Money>` or a number; a skeleton while `loading`. */
  value: ReactNode;
  /** A line under the figure ("Last 30 days", "12 transactions"). */
  hint?: ReactNode;
  loading?: boolean;
}

/**
 * One figure with its label, for dashboards. Put several in `<SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>` so they
 * stack on a phone and sit in a row on a laptop.
 */
export function StatCard({ label, value, hint, loading = false }: StatCardProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-busy={loading || undefined}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        {loading ? (
          <Skeleton height={32} width="60%" />
        ) : (
          <Text
            fz={28}
            fw={700}
            lh={1.2}
            data-stat-value
            className={classes.value}
            style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
          >
            {value}
          </Text>
        )}
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
