import type { Widen } from '../en-GB.ts';
import type { dashboardEnGB } from './en-GB.ts';

export const dashboardFrFR: Widen<typeof dashboardEnGB> = {
  salesTitle: 'Ventes par jour',
  salesDescription: '30 derniers jours : encaissé et remboursé',
  captured: 'Encaissé',
  refunded: 'Remboursé',
  currency: 'Devise',
  chartSummary: '{{currency}} : {{captured}} encaissés et {{refunded}} remboursés du {{from}} au {{to}}.',
  loadFailed: 'Les chiffres du tableau de bord n’ont pas pu être chargés. Veuillez réessayer plus tard.',
  bySourceTitle: 'Par origine, 30 derniers jours',
  sourceCount_one: '{{count, number}} transaction',
  sourceCount_other: '{{count, number}} transactions',
};
