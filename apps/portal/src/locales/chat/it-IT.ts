export const chatItIT = {
  launcher: 'Aiuto',
  title: 'Aiuto e assistenza',
  close: "Chiudi l'aiuto",
  greeting: 'Ciao {{name}}, come possiamo aiutarti?',
  reference: "Indica questo riferimento quando contatti l'assistenza:",
};
