import type { RouteId } from '../paths.ts';

/** One step of a route's trail: a label and, when it is a page of its own, the route it links to. */
export interface Crumb {
  labelKey: string;
  routeId?: RouteId;
}

/** What a route declares in the route table's `handle` (read by the page header's breadcrumbs). */
export interface RouteHandle {
  crumbs?: Crumb[];
}
