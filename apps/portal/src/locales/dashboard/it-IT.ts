import type { Widen } from '../en-GB.ts';
import type { dashboardEnGB } from './en-GB.ts';

export const dashboardItIT: Widen<typeof dashboardEnGB> = {
  salesTitle: 'Vendite al giorno',
  salesDescription: 'Ultimi 30 giorni: incassato e rimborsato',
  captured: 'Incassato',
  refunded: 'Rimborsato',
  currency: 'Valuta',
  chartSummary: '{{currency}}: {{captured}} incassati e {{refunded}} rimborsati dal {{from}} al {{to}}.',
  loadFailed: 'Non è stato possibile caricare i dati della dashboard. Riprova più tardi.',
  bySourceTitle: 'Per origine, ultimi 30 giorni',
  sourceCount_one: '{{count, number}} transazione',
  sourceCount_other: '{{count, number}} transazioni',
};
