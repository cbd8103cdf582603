import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useMatches, useParams } from 'react-router';
import type { RouteHandle } from '../lib/navigation/route-handle.ts';
import { pathTo } from '../lib/paths.ts';

/**
 * SPEC §2.3 breadcrumbs, read from the deepest matched route's `handle.crumbs` (declared in the route table).
 * Shown on single-level screens too (Devices, Sites, Users); nothing when the route declares no trail.
 */
export function RouteBreadcrumbs() {
  const { t } = useTranslation();
  const params = useParams();
  const crumbs = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.crumbs)
    .findLast((candidate) => candidate !== undefined);
  if (!crumbs || crumbs.length === 0) return null;
  return (
    <nav aria-label={t('app.breadcrumbs')}>
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return crumb.routeId && !isLast ? (
            <Anchor
              key={crumb.labelKey}
              component={Link}
              to={pathTo(crumb.routeId, params as never)}
              size="sm"
            >
              {t(crumb.labelKey)}
            </Anchor>
          ) : (
            <Text key={crumb.labelKey} size="sm" c="dimmed" aria-current={isLast ? 'page' : undefined}>
              {t(crumb.labelKey)}
            </Text>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}
