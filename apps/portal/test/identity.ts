/** A session as POST /api/identity/sign-in (and /new-password) returns it. */
export const aSession = {
  idToken: 'id',
  accessToken: 'access',
  refreshToken: 'refresh',
  expiresAt: '2099-01-01T00:00:00.000Z',
  user: {
    id: 'u1',
    email: 'owner@example.com',
    groups: ['Merchants'],
    isConfigured: true,
    firstName: 'Olive',
    lastName: 'Owner',
    preferences: { locale: 'en-GB' },
    twoFactor: { enabled: false, verified: false },
  },
};

export const apiError = (code: string, message = code) => ({ error: { code, message } });
