import type { AnalyticsTexts } from './en-GB.ts';

export const analyticsFrFR: AnalyticsTexts = {
  title: 'Pages vues par route',
  description:
    'Pages vues et quittées par route sur les 30 derniers jours, des visiteurs ayant accepté la mesure d’audience.',
  columns: { route: 'Route', views: 'Vues', leaves: 'Sorties', visitors: 'Visiteurs', users: 'Utilisateurs' },
  table: 'Pages vues par route',
  empty: 'Aucune page vue ces 30 derniers jours.',
};
