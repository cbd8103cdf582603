// Texts of the built-in customer-help panel (issue 14 §4), the default when no Intercom app id is configured.
export const chatEnGB = {
  launcher: 'Help',
  title: 'Help and support',
  close: 'Close help',
  greeting: 'Hi {{name}}, how can we help?',
  reference: 'Quote this reference when you contact support:',
};
