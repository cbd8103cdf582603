import type { AnalyticsTexts } from './en-GB.ts';

export const analyticsEsES: AnalyticsTexts = {
  title: 'Visitas por ruta',
  description: 'Visitas y salidas por ruta en los últimos 30 días, de visitantes que aceptaron el análisis.',
  columns: { route: 'Ruta', views: 'Visitas', leaves: 'Salidas', visitors: 'Visitantes', users: 'Usuarios' },
  table: 'Visitas por ruta',
  empty: 'No hay visitas en los últimos 30 días.',
};
