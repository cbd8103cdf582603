import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useMatches, useParams } from 'react-router';
import { pathTo, type RouteId } from '../../lib/paths.ts';

/** One step of a route's trail: a label and, when it is a page of its own, the route it links to. */
export interface Crumb {
  labelKey: string;
  routeId?: RouteId;
}

export interface RouteHandle {
  crumbs?: Crumb[];
}

/** SPEC §2.3 breadcrumbs, read from the matched route's `handle.crumbs`. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const params = useParams();
  const crumbs = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.crumbs)
    .findLast((candidate) => candidate !== undefined);
  if (!crumbs || crumbs.length < 2) return null;
  return (
    <MantineBreadcrumbs aria-label={t('app.breadcrumbs')} mb="md">
      {crumbs.map((crumb, index) =>
        crumb.routeId && index < crumbs.length - 1 ? (
          <Anchor key={crumb.labelKey} component={Link} to={pathTo(crumb.routeId, params as never)} size="sm">
            {t(crumb.labelKey)}
          </Anchor>
        ) : (
          <Text key={crumb.labelKey} size="sm" c="dimmed">
            {t(crumb.labelKey)}
          </Text>
        ),
      )}
    </MantineBreadcrumbs>
  );
}
