// The help panel's contact form (issue 14 §4): signed-in texts, loaded with the signed-in chunk.
export const supportEnGB = {
  formTitle: 'Send us a message',
  subject: 'Subject',
  message: 'Message',
  aboutCompany: 'About {{company}}',
  send: 'Send message',
  sent: 'Message sent. Your reference is {{reference}}; we have e-mailed you a confirmation and will reply to {{email}}.',
  another: 'Write another message',
  failed: 'Your message could not be sent. Please try again.',
  rateLimited: 'You have sent several messages in a short time. Please try again later.',
};
