export const companionFrFR = {
  handOff: {
    opening: "Ouverture de l'application compagnon…",
    onPhone:
      "Cette page ouvre l'application compagnon. Ouvrez-la sur le téléphone où l'application est installée.",
    openApp: "Ouvrir l'application",
    notInstalled:
      "Si l'application ne s'ouvre pas, elle n'est peut-être pas installée sur ce téléphone. Téléchargez-la ici :",
    noStores: "Si l'application ne s'ouvre pas, elle n'est peut-être pas installée sur ce téléphone.",
    appStore: 'App Store',
    playStore: 'Google Play',
    configFailed: "Nous n'avons pas pu savoir comment ouvrir l'application.",
    retry: 'Réessayer',
    disabledTitle: "L'ouverture de l'application est désactivée ici",
    disabledBody:
      "Cet appareil est réglé pour ne pas ouvrir l'application compagnon depuis cette page (l'application " +
      "active ce réglage dans sa propre fenêtre pour ne pas s'ouvrir elle-même), donc rien ne se passe ici.",
  },
  native: {
    sessionEnded: "Votre session a pris fin. Fermez cette page et rouvrez-la depuis l'application.",
  },
  eod: {
    none: "Aucun rapport de fin de journée pour l'instant. Ils apparaîtront ici dès que vos sites auront clôturé une journée.",
    failed: "Nous n'avons pas pu charger vos rapports de fin de journée.",
    more: 'Afficher plus',
    transactions_one: '{{count, number}} transaction',
    transactions_other: '{{count, number}} transactions',
  },
  capital: {
    basedOn: 'Selon vos encaissements par carte du {{from}} au {{to}}.',
    volume: 'Encaissements par carte, 90 derniers jours',
    offerTitle: 'Votre offre de financement',
    amount: 'Avance',
    fee: 'Frais fixes',
    total: 'Total à rembourser',
    repayment: 'Remboursement',
    repaymentValue: '{{percent}} des encaissements par carte de chaque jour',
    estimate:
      'Environ {{days}} jours pour rembourser au rythme actuel de vos encaissements. Sans intérêts ni durée fixe.',
    request: 'Demander {{amount}}',
    confirmTitle: 'Demander ce financement ?',
    confirmBody:
      'Nous étudierons votre demande de {{amount}} (frais fixes {{fee}}) et vous contacterons avant tout versement.',
    confirm: 'Demander le financement',
    requested: 'Financement demandé. Nous étudions votre demande et vous contacterons.',
    openRequest: 'Vous avez demandé {{amount}} le {{date}}. Nous étudions votre demande.',
    belowThreshold:
      "Pas encore d'offre de financement. Nous faisons une offre dès que vos encaissements par carte sur 90 jours atteignent {{threshold}} ; les vôtres étaient de {{volume}}.",
    notActive: "Pas d'offre de financement : ce compte n'est pas actif.",
    notAllowed: "Seuls les propriétaires de l'entreprise peuvent voir et demander une offre de financement.",
    failed: "Nous n'avons pas pu charger votre offre de financement.",
    retry: 'Réessayer',
    offerChanged: 'Votre offre a changé depuis son affichage. Veuillez consulter la nouvelle offre.',
    requestOpen: 'Une demande de financement est déjà en cours d’étude.',
    notEligible: "Il n'y a pas d'offre de financement pour cette entreprise aujourd'hui.",
    requestFailed: "Votre demande n'a pas pu être envoyée. Veuillez réessayer.",
    staffTitle: 'Demandes de financement',
    staffNone: 'Aucune demande de financement.',
    requestedAt: 'Demandé le',
    status: 'Statut',
    approved:
      'Votre demande de {{amount}} du {{requested}} a été acceptée le {{date}}. Nous vous contacterons avant tout versement.',
    declined: 'Votre demande de {{amount}} du {{requested}} a été refusée le {{date}}. Motif : {{reason}}',
    approve: 'Accepter',
    decline: 'Refuser',
    approveTitle: 'Accepter cette demande de financement ?',
    approveBody:
      '{{company}} a demandé {{amount}} (frais fixes {{fee}}). Les propriétaires de la société recevront un e-mail.',
    declineTitle: 'Refuser cette demande de financement ?',
    declineBody:
      '{{company}} a demandé {{amount}}. Les propriétaires de la société recevront le motif par e-mail.',
    reason: 'Motif pour les propriétaires',
    decidedOk: 'Décision enregistrée. Les propriétaires de la société ont reçu un e-mail.',
    decideFailed: "La décision n'a pas pu être enregistrée. Veuillez réessayer.",
    alreadyDecided: 'Cette demande a déjà été décidée.',
    statusValues: { requested: "En cours d'étude", approved: 'Accordée', declined: 'Refusée' },
  },
};
