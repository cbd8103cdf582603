export const companionItIT = {
  handOff: {
    opening: "Apertura dell'app companion…",
    onPhone: "Questa pagina apre l'app companion. Aprila sul telefono su cui è installata l'app.",
    openApp: "Apri l'app",
    notInstalled: "Se l'app non si apre, potrebbe non essere installata su questo telefono. Scaricala qui:",
    noStores: "Se l'app non si apre, potrebbe non essere installata su questo telefono.",
    appStore: 'App Store',
    playStore: 'Google Play',
    configFailed: "Non siamo riusciti a sapere come aprire l'app.",
    retry: 'Riprova',
    disabledTitle: "L'apertura dell'app è disattivata qui",
    disabledBody:
      "Questo dispositivo è impostato per non aprire l'app companion da questa pagina (l'app attiva questa " +
      'impostazione nella propria finestra per non riaprire sé stessa), quindi qui non succede nulla.',
  },
  native: {
    sessionEnded: "La sessione è terminata. Chiudi questa pagina e riaprila dall'app.",
  },
  eod: {
    none: 'Ancora nessun report di fine giornata. Compariranno qui quando i tuoi punti vendita avranno chiuso una giornata.',
    failed: 'Non siamo riusciti a caricare i report di fine giornata.',
    more: 'Mostra altri',
    transactions_one: '{{count, number}} transazione',
    transactions_other: '{{count, number}} transazioni',
  },
  capital: {
    basedOn: 'In base agli incassi con carta dal {{from}} al {{to}}.',
    volume: 'Incassi con carta, ultimi 90 giorni',
    offerTitle: 'La tua offerta di finanziamento',
    amount: 'Anticipo',
    fee: 'Commissione fissa',
    total: 'Totale da rimborsare',
    repayment: 'Rimborso',
    repaymentValue: '{{percent}} degli incassi con carta di ogni giorno',
    estimate:
      'Circa {{days}} giorni per rimborsare al ritmo attuale dei tuoi incassi. Senza interessi né durata fissa.',
    request: 'Richiedi {{amount}}',
    confirmTitle: 'Richiedere questo finanziamento?',
    confirmBody:
      'Esamineremo la tua richiesta di {{amount}} (commissione fissa {{fee}}) e ti contatteremo prima di inviare denaro.',
    confirm: 'Richiedi il finanziamento',
    requested: 'Finanziamento richiesto. Esamineremo la tua richiesta e ti contatteremo.',
    openRequest: 'Hai richiesto {{amount}} il {{date}}. Stiamo esaminando la tua richiesta.',
    belowThreshold:
      'Ancora nessuna offerta di finanziamento. Facciamo offerte quando gli incassi con carta in 90 giorni raggiungono {{threshold}}; i tuoi sono stati {{volume}}.',
    notActive: 'Nessuna offerta di finanziamento: questo account non è attivo.',
    notAllowed: "Solo i titolari dell'azienda possono vedere e richiedere offerte di finanziamento.",
    failed: 'Non siamo riusciti a caricare la tua offerta di finanziamento.',
    retry: 'Riprova',
    offerChanged: "L'offerta è cambiata da quando è stata mostrata. Controlla la nuova offerta.",
    requestOpen: 'Una richiesta di finanziamento è già in esame.',
    notEligible: "Oggi non c'è un'offerta di finanziamento per questa azienda.",
    requestFailed: 'Non è stato possibile inviare la richiesta. Riprova.',
    staffTitle: 'Richieste di finanziamento',
    staffNone: 'Nessuna richiesta di finanziamento.',
    requestedAt: 'Richiesta il',
    status: 'Stato',
    approved:
      'La tua richiesta di {{amount}} del {{requested}} è stata approvata il {{date}}. Ti contatteremo prima di inviare il denaro.',
    declined:
      'La tua richiesta di {{amount}} del {{requested}} è stata rifiutata il {{date}}. Motivo: {{reason}}',
    approve: 'Approva',
    decline: 'Rifiuta',
    approveTitle: 'Approvare questa richiesta di capitale?',
    approveBody:
      "{{company}} ha chiesto {{amount}} (commissione fissa {{fee}}). I titolari dell'azienda riceveranno un'e-mail.",
    declineTitle: 'Rifiutare questa richiesta di capitale?',
    declineBody:
      "{{company}} ha chiesto {{amount}}. I titolari dell'azienda riceveranno il motivo via e-mail.",
    reason: 'Motivo per i titolari',
    decidedOk: "Decisione salvata. I titolari dell'azienda hanno ricevuto un'e-mail.",
    decideFailed: 'Non è stato possibile salvare la decisione. Riprova.',
    alreadyDecided: 'Questa richiesta è già stata decisa.',
    statusValues: { requested: 'In esame', approved: 'Approvata', declined: 'Rifiutata' },
  },
};
