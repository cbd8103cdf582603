export const chatEsES = {
  launcher: 'Ayuda',
  title: 'Ayuda y soporte',
  close: 'Cerrar ayuda',
  greeting: 'Hola, {{name}}: ¿en qué podemos ayudarte?',
  reference: 'Indica esta referencia cuando contactes con soporte:',
};
