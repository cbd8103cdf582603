import type { LocaleResources } from '../en-GB.ts';

export const invitationsItIT: LocaleResources['invitations'] = {
  description: 'Le aziende che ti hanno invitato al loro portale. Accetta per unirti o rifiuta.',
  loading: 'Caricamento degli inviti…',
  loadFailed: 'Impossibile caricare i tuoi inviti.',
  retry: 'Riprova',
  errors: {
    closed: 'Questo invito non è più aperto.',
    expired: "Questo invito è scaduto. Chiedi all'azienda di invitarti di nuovo.",
    alreadyMember: "Sei già membro di quest'azienda.",
  },
  emptyTitle: 'Nessun invito',
  empty: 'Non hai inviti in attesa. Quando un’azienda ti invita, lo trovi qui.',
  goHome: 'Vai alla home',
  invitedBy: 'Invitato da {{email}}',
  role: 'Ruolo: {{role}}',
  roles: {
    owner: "Titolare dell'azienda",
    managerAllSites: 'Responsabile di tutti i punti vendita',
    managerSites_one: 'Responsabile di {{count, number}} punto vendita',
    managerSites_other: 'Responsabile di {{count, number}} punti vendita',
  },
  expires: 'Scade il',
  accept: 'Accetta',
  decline: 'Rifiuta',
  declineTitle: 'Rifiuta invito',
  declineConfirm: "Rifiutare l'invito di {{merchant}}? Potranno invitarti di nuovo in seguito.",
  accepted: "Ti sei unito a {{merchant}}. Passa all'azienda dal selettore aziende.",
  declined: 'Invito di {{merchant}} rifiutato.',
  notice: {
    title_one: 'Hai {{count, number}} invito in attesa',
    title_other: 'Hai {{count, number}} inviti in attesa',
    link_one: "Vedi l'invito",
    link_other: 'Vedi gli inviti',
  },
};
