export const chatFrFR = {
  launcher: 'Aide',
  title: 'Aide et assistance',
  close: "Fermer l'aide",
  greeting: 'Bonjour {{name}}, comment pouvons-nous vous aider ?',
  reference: "Indiquez cette référence lorsque vous contactez l'assistance :",
};
