// Texts of the passkey settings (issue 15), signed-in only.
export const passkeysItIT = {
  title: 'Passkey',
  intro:
    'Una passkey ti fa accedere con impronta, volto o PIN del dispositivo: come secondo passaggio dopo la password, o senza password.',
  none: 'Nessuna passkey per ora.',
  name: 'Nome della passkey',
  namePlaceholder: 'es. MacBook',
  add: 'Aggiungi una passkey',
  added: 'Passkey aggiunta.',
  created: 'Aggiunta il {{date}}',
  lastUsed: 'ultimo uso il {{date}}',
  neverUsed: 'non ancora usata',
  remove: 'Rimuovi',
  removeTitle: 'Rimuovi "{{name}}"',
  removeIntro: 'Per rimuoverla, conferma con la password o un codice attuale.',
  confirmRemove: 'Rimuovi passkey',
  removed: 'Passkey rimossa.',
  cancel: 'Annulla',
  failed: 'Non è stato possibile salvare la passkey. Riprova.',
  alreadyRegistered: 'Questa passkey è già registrata.',
  verifyFirst: 'Accedi di nuovo con il secondo passaggio prima di aggiungere una passkey.',
  alsoApp: "Puoi anche aggiungere un'app di autenticazione.",
};
