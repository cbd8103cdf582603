import type { Widen } from '../en-GB.ts';
import type { sessionsEnGB } from './en-GB.ts';

export const sessionsEsES: Widen<typeof sessionsEnGB> = {
  menu: 'Tus sesiones',
  title: 'Tus sesiones',
  intro:
    'Estos son los navegadores y dispositivos con sesión iniciada en tu cuenta. Cierra cualquier sesión que no reconozcas.',
  current: 'Este dispositivo',
  unknownBrowser: 'Navegador desconocido',
  browserOn: '{{browser}} en {{os}}',
  device: {
    desktop: 'Ordenador',
    mobile: 'Teléfono',
    tablet: 'Tableta',
    unknown: 'Dispositivo desconocido',
  },
  ip: 'Dirección IP: {{ip}}',
  ipUnknown: 'Dirección IP desconocida',
  firstSeen: 'Inicio de sesión: {{date}}',
  lastSeen: 'Última actividad: {{date}}',
  end: 'Cerrar sesión',
  endNamed: 'Cerrar sesión: {{name}}',
  endOthers: 'Cerrar todas las demás sesiones',
  ended: 'Sesión cerrada. Ese dispositivo saldrá de la cuenta en menos de un minuto.',
  othersEnded:
    'Otras sesiones cerradas: {{count, number}}. Esos dispositivos saldrán de la cuenta en menos de un minuto.',
  noOthers: 'No hay ninguna otra sesión iniciada.',
  notFound: 'Esa sesión ya estaba cerrada.',
  activity: 'Actividad de seguridad reciente',
  activityIntro:
    'Cambios de tu contraseña y de tus métodos de inicio de sesión, y sesiones que cerraste, de la más reciente a la más antigua.',
  activityNone: 'Aún no hay cambios de seguridad.',
  activityFrom: '{{browser}} · {{ip}}',
};
