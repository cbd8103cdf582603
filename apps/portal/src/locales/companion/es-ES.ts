export const companionEsES = {
  handOff: {
    opening: 'Abriendo la aplicación complementaria…',
    onPhone:
      'Esta página abre la aplicación complementaria. Ábrela en el teléfono donde está instalada la aplicación.',
    openApp: 'Abrir la aplicación',
    notInstalled:
      'Si la aplicación no se abre, puede que no esté instalada en este teléfono. Descárgala aquí:',
    noStores: 'Si la aplicación no se abre, puede que no esté instalada en este teléfono.',
    appStore: 'App Store',
    playStore: 'Google Play',
    configFailed: 'No hemos podido saber cómo abrir la aplicación.',
    retry: 'Reintentar',
    disabledTitle: 'La apertura de la aplicación está desactivada aquí',
    disabledBody:
      'Este dispositivo está configurado para no abrir la aplicación complementaria desde esta página (la ' +
      'aplicación lo activa en su propia ventana para no abrirse a sí misma), así que aquí no ocurre nada.',
  },
  native: {
    sessionEnded: 'Tu sesión ha terminado. Cierra esta página y vuelve a abrirla desde la aplicación.',
  },
  eod: {
    none: 'Todavía no hay informes de cierre del día. Aparecerán aquí cuando tus locales hayan cerrado una jornada.',
    failed: 'No hemos podido cargar tus informes de cierre del día.',
    more: 'Mostrar más',
    transactions_one: '{{count, number}} transacción',
    transactions_other: '{{count, number}} transacciones',
  },
  capital: {
    basedOn: 'Según tus cobros con tarjeta del {{from}} al {{to}}.',
    volume: 'Cobros con tarjeta, últimos 90 días',
    offerTitle: 'Tu oferta de financiación',
    amount: 'Anticipo',
    fee: 'Comisión fija',
    total: 'Total a devolver',
    repayment: 'Devolución',
    repaymentValue: '{{percent}} de los cobros con tarjeta de cada día',
    estimate:
      'Unos {{days}} días para devolverlo al ritmo actual de tus cobros. Sin intereses ni plazo fijo.',
    request: 'Solicitar {{amount}}',
    confirmTitle: '¿Solicitar esta financiación?',
    confirmBody:
      'Revisaremos tu solicitud de {{amount}} (comisión fija {{fee}}) y te contactaremos antes de enviar dinero.',
    confirm: 'Solicitar financiación',
    requested: 'Financiación solicitada. Revisaremos tu solicitud y te contactaremos.',
    openRequest: 'Solicitaste {{amount}} el {{date}}. Estamos revisando tu solicitud.',
    belowThreshold:
      'Todavía no hay oferta de financiación. Hacemos ofertas cuando tus cobros con tarjeta en 90 días llegan a {{threshold}}; los tuyos fueron {{volume}}.',
    notActive: 'No hay oferta de financiación: esta cuenta no está activa.',
    notAllowed: 'Solo los propietarios de la empresa pueden ver y solicitar ofertas de financiación.',
    failed: 'No hemos podido cargar tu oferta de financiación.',
    retry: 'Reintentar',
    offerChanged: 'Tu oferta ha cambiado desde que se mostró. Revisa la nueva oferta.',
    requestOpen: 'Ya hay una solicitud de financiación en revisión.',
    notEligible: 'Hoy no hay oferta de financiación para esta empresa.',
    requestFailed: 'No se ha podido enviar tu solicitud. Inténtalo de nuevo.',
    staffTitle: 'Solicitudes de financiación',
    staffNone: 'No hay solicitudes de financiación.',
    requestedAt: 'Solicitada',
    status: 'Estado',
    approved:
      'Tu solicitud de {{amount}} del {{requested}} fue aprobada el {{date}}. Te contactaremos antes de enviar el dinero.',
    declined: 'Tu solicitud de {{amount}} del {{requested}} fue rechazada el {{date}}. Motivo: {{reason}}',
    approve: 'Aprobar',
    decline: 'Rechazar',
    approveTitle: '¿Aprobar esta solicitud de capital?',
    approveBody:
      '{{company}} ha solicitado {{amount}} (comisión fija {{fee}}). Se enviará un correo a los propietarios de la empresa.',
    declineTitle: '¿Rechazar esta solicitud de capital?',
    declineBody:
      '{{company}} ha solicitado {{amount}}. Se enviará el motivo por correo a los propietarios de la empresa.',
    reason: 'Motivo para los propietarios',
    decidedOk: 'Decisión guardada. Se ha enviado un correo a los propietarios de la empresa.',
    decideFailed: 'No se ha podido guardar la decisión. Inténtalo de nuevo.',
    alreadyDecided: 'Esta solicitud ya se ha decidido.',
    statusValues: { requested: 'En revisión', approved: 'Aprobada', declined: 'Rechazada' },
  },
};
