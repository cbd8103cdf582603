// The four read routes issue 16 measures, each with the script in bench/pgbench/ that holds its SQL as the API
// sends it (the anchor): one list for the routes suite and the diagnosis tools.

export interface ReadRoute {
  label: string;
  path: (merchant: string) => string;
  script: string;
}

export const READ_ROUTES = {
  merchants: { label: 'GET /api/merchants', path: () => '/api/merchants', script: 'merchants.sql' },
  merchant: {
    label: 'GET /api/v1/merchants/{id}',
    path: (m) => `/api/v1/merchants/${m}`,
    script: 'access.sql',
  },
  users: { label: 'GET …/users', path: (m) => `/api/v1/merchants/${m}/users`, script: 'users.sql' },
  totals: {
    label: 'GET …/transactions/totals',
    path: (m) => `/api/v1/merchants/${m}/transactions/totals`,
    script: 'totals.sql',
  },
} satisfies Record<string, ReadRoute>;

export type ReadRouteName = keyof typeof READ_ROUTES;

/** The routes the diagnosis tools load: the four, and healthz (no database, so no script). */
export const LOADED_ROUTES: Record<string, Omit<ReadRoute, 'script'> & { script: string | undefined }> = {
  ...READ_ROUTES,
  healthz: { label: 'GET /api/healthz', path: () => '/api/healthz', script: undefined },
};
