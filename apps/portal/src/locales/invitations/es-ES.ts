import type { LocaleResources } from '../en-GB.ts';

export const invitationsEsES: LocaleResources['invitations'] = {
  description: 'Empresas que te han invitado a su portal. Acepta para unirte o rechaza la invitación.',
  loading: 'Cargando invitaciones…',
  loadFailed: 'No se han podido cargar tus invitaciones.',
  retry: 'Reintentar',
  errors: {
    closed: 'Esta invitación ya no está abierta.',
    expired: 'Esta invitación ha caducado. Pide a la empresa que vuelva a invitarte.',
    alreadyMember: 'Ya eres miembro de esta empresa.',
  },
  emptyTitle: 'No hay invitaciones',
  empty: 'No tienes invitaciones pendientes. Cuando una empresa te invite, aparecerá aquí.',
  goHome: 'Ir al inicio',
  invitedBy: 'Invitación de {{email}}',
  role: 'Rol: {{role}}',
  roles: {
    owner: 'Propietario de la empresa',
    managerAllSites: 'Gerente de todos los establecimientos',
    managerSites_one: 'Gerente de {{count, number}} establecimiento',
    managerSites_other: 'Gerente de {{count, number}} establecimientos',
  },
  expires: 'Caduca',
  accept: 'Aceptar',
  decline: 'Rechazar',
  declineTitle: 'Rechazar invitación',
  declineConfirm: '¿Rechazar la invitación de {{merchant}}? Podrán volver a invitarte más adelante.',
  accepted: 'Te has unido a {{merchant}}. Cámbiate a ella desde el selector de empresas.',
  declined: 'Invitación de {{merchant}} rechazada.',
  notice: {
    title_one: 'Tienes {{count, number}} invitación pendiente',
    title_other: 'Tienes {{count, number}} invitaciones pendientes',
    link_one: 'Ver invitación',
    link_other: 'Ver invitaciones',
  },
};
