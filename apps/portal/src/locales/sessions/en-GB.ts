// Texts of the sessions list in the user menu (issue 15): signed-in only, in the signed-in chunk.
export const sessionsEnGB = {
  menu: 'Your sessions',
  title: 'Your sessions',
  intro:
    'These are the browsers and devices signed in to your account. End any session you do not recognise.',
  current: 'This device',
  unknownBrowser: 'Unknown browser',
  browserOn: '{{browser}} on {{os}}',
  device: {
    desktop: 'Computer',
    mobile: 'Phone',
    tablet: 'Tablet',
    unknown: 'Unknown device',
  },
  ip: 'IP address: {{ip}}',
  ipUnknown: 'IP address unknown',
  firstSeen: 'Signed in: {{date}}',
  lastSeen: 'Last active: {{date}}',
  end: 'End session',
  endNamed: 'End session: {{name}}',
  endOthers: 'End all other sessions',
  ended: 'Session ended. That device is signed out within a minute.',
  othersEnded: 'Other sessions ended: {{count}}. Those devices are signed out within a minute.',
  noOthers: 'No other session is signed in.',
  notFound: 'That session has already ended.',
};
