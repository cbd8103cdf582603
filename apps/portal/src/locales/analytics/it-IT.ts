import type { AnalyticsTexts } from './en-GB.ts';

export const analyticsItIT: AnalyticsTexts = {
  title: 'Pagine viste per percorso',
  description:
    'Pagine viste e lasciate per percorso negli ultimi 30 giorni, dai visitatori che hanno accettato l’analisi.',
  columns: { route: 'Percorso', views: 'Viste', leaves: 'Uscite', visitors: 'Visitatori', users: 'Utenti' },
  table: 'Pagine viste per percorso',
  empty: 'Nessuna pagina vista negli ultimi 30 giorni.',
};
