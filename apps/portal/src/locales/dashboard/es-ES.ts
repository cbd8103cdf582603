import type { Widen } from '../en-GB.ts';
import type { dashboardEnGB } from './en-GB.ts';

export const dashboardEsES: Widen<typeof dashboardEnGB> = {
  salesTitle: 'Ventas por día',
  salesDescription: 'Últimos 30 días: capturado y reembolsado',
  captured: 'Capturado',
  refunded: 'Reembolsado',
  currency: 'Moneda',
  chartSummary: '{{currency}}: {{captured}} capturado y {{refunded}} reembolsado del {{from}} al {{to}}.',
  loadFailed: 'No se han podido cargar las cifras del panel. Inténtalo de nuevo más tarde.',
  bySourceTitle: 'Por origen, últimos 30 días',
  sourceCount_one: '{{count, number}} transacción',
  sourceCount_other: '{{count, number}} transacciones',
};
