// The staff's page views per route (issue 14 §3).
export const analyticsEnGB = {
  title: 'Page views per route',
  description: 'Page views and leaves per route over the last 30 days, from visitors who accepted analytics.',
  columns: { route: 'Route', views: 'Views', leaves: 'Leaves', visitors: 'Visitors', users: 'Users' },
  table: 'Page views per route',
  empty: 'No page views in the last 30 days.',
};
export type AnalyticsTexts = typeof analyticsEnGB;
