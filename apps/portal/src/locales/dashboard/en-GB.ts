// Texts of the home dashboard (issue 11 §4): the sales chart and the figures by source.
export const dashboardEnGB = {
  salesTitle: 'Sales per day',
  salesDescription: 'Last 30 days: captured and refunded',
  captured: 'Captured',
  refunded: 'Refunded',
  currency: 'Currency',
  chartSummary: '{{currency}}: {{captured}} captured and {{refunded}} refunded from {{from}} to {{to}}.',
  loadFailed: 'The dashboard figures could not be loaded. Please try again later.',
  bySourceTitle: 'By source, last 30 days',
  sourceCount_one: '{{count, number}} transaction',
  sourceCount_other: '{{count, number}} transactions',
};
