import type { twoFactorEnGB } from './en-GB.ts';

export const twoFactorItIT: typeof twoFactorEnGB = {
  challenge: {
    title: 'Accesso in due passaggi',
    intro: "Inserisci il codice di 6 cifre dell'app di autenticazione.",
    code: 'Codice',
    recoveryHint: 'Hai perso il telefono? Inserisci invece uno dei tuoi codici di recupero.',
    submit: 'Verifica',
    back: "Torna all'accesso",
  },
  passkey: {
    use: 'Usa una passkey',
    signIn: 'Accedi con una passkey',
    failed: 'La passkey non ha funzionato. Riprova.',
    none: 'Nessuna passkey configurata per questo account.',
  },
  errors: {
    codeMismatch: 'Codice non valido, riprova.',
    sessionExpired: 'Il tuo accesso è scaduto. Accedi di nuovo.',
    freshProof: 'Inserisci la password o un codice attuale per confermare.',
    verifyFirst: "Accedi di nuovo con il secondo passaggio prima di aggiungere un'app di autenticazione.",
    alreadySetUp: "È già configurata un'app di autenticazione. Rimuovila prima di configurarne un'altra.",
  },
  menu: 'Accesso in due passaggi',
  settings: {
    title: 'Accesso in due passaggi',
    off: "L'accesso in due passaggi è disattivato. Aggiungi un'app di autenticazione perché la sola password non basti ad aprire il tuo account.",
    on: "L'accesso in due passaggi è attivo con un'app di autenticazione.",
    recoveryLeft: 'Rimangono {{count, number}} codici di recupero.',
    start: "Configura un'app di autenticazione",
    scan: "Scansiona questo codice QR con l'app di autenticazione, oppure digita la chiave qui sotto.",
    qrAlt: "Codice QR per l'app di autenticazione",
    secret: 'Chiave',
    firstCode: "Codice mostrato dall'app",
    confirm: 'Attiva',
    recoveryTitle: 'I tuoi codici di recupero',
    recoveryIntro:
      'Ogni codice ti fa accedere una volta se perdi il telefono. Salvali subito in un posto sicuro: vengono mostrati solo questa volta.',
    saved: 'Li ho salvati',
    enabled: "L'accesso in due passaggi è attivo.",
    remove: "Rimuovi l'app di autenticazione",
    removeIntro: 'Per rimuoverla, conferma con la password.',
    password: 'Password',
    removed: 'App di autenticazione rimossa.',
    close: 'Chiudi',
  },
};
