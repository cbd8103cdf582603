import type { LocaleResources } from '../en-GB.ts';

export const uiEsES: LocaleResources['ui'] = {
  table: {
    loading: 'Cargando…',
    loadFailed: 'No se ha podido cargar esta lista.',
    retry: 'Reintentar',
    loadMore: 'Cargar más',
    pageSummary: '{{from}}–{{to}} de {{total}}',
  },
  confirm: {
    cancel: 'Cancelar',
    typeToConfirm: 'Escribe {{name}} para confirmar',
  },
  filters: {
    label: 'Filtros',
    clear: 'Quitar filtros',
    any: 'Cualquiera',
  },
  dateTime: {
    zone: 'Zona horaria: {{zone}}',
  },
  status: {
    transaction: {
      pending: 'Pendiente',
      'pre-authorized': 'Preautorizada',
      'pre-authorized-pending-capture': 'Pendiente de captura',
      'pre-authorized-capture-failed': 'Captura fallida',
      captured: 'Capturada',
      failed: 'Fallida',
      'refund-pending': 'Reembolso pendiente',
      refund: 'Reembolso',
      refunded: 'Reembolsada',
      'unref-refund': 'Reembolso sin referencia',
      'partially-refunded': 'Reembolsada en parte',
      'chargeback-pending': 'Contracargo pendiente',
      chargedback: 'Contracargada',
      cancelled: 'Cancelada',
    },
    payout: { pending: 'Pendiente', completed: 'Completada', failed: 'Fallida' },
    invoice: { upcoming: 'Próxima', open: 'Abierta', paid: 'Pagada', overdue: 'Vencida', void: 'Anulada' },
    invoicePayment: { processing: 'Cobro en curso', succeeded: 'Cobro recibido', failed: 'Cobro fallido' },
    report: { NEW: 'Nuevo', PROCESSING: 'En proceso', READY: 'Listo', ERROR: 'Error' },
  },
  shell: {
    skipToContent: 'Saltar al contenido',
    home: 'Inicio del portal de comercios',
    userMenu: 'Menú de la cuenta',
    darkMode: 'Modo oscuro',
    lightMode: 'Modo claro',
    colorScheme: 'Esquema de color',
    schemeAuto: 'Sistema',
    schemeLight: 'Claro',
    schemeDark: 'Oscuro',
    search: 'Ir a…',
    searchShortcut: 'Ctrl + K',
  },
  palette: {
    placeholder: 'Ir a una pantalla o a una empresa…',
    nothingFound: 'Sin resultados',
    screens: 'Pantallas',
    companies: 'Empresas',
  },
};
