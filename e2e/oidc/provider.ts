import { createServer } from 'node:http';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider for the social sign-in suite (`oidc` project of playwright.config.ts):
 * `oidc-provider` with its development login and consent pages, one confidential client (the API), PKCE
 * required. Any login name signs in; the account's e-mail is that name (verified), so a test chooses who
 * it is by what it types at the provider's page.
 */
const port = Number(process.env.OIDC_PROVIDER_PORT ?? 3101);
const issuer = `http://127.0.0.1:${port}`;
const redirectUri = process.env.OIDC_REDIRECT_URI ?? 'http://127.0.0.1:3102/api/identity/oidc/callback';

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID ?? 'portal-e2e',
      client_secret: process.env.OIDC_CLIENT_SECRET ?? 'portal-e2e-secret',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  pkce: { required: () => true },
  claims: { email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
  findAccount: (_ctx: unknown, id: string) => ({
    accountId: id,
    claims: () => ({
      sub: id,
      email: id.toLowerCase(),
      email_verified: true,
      given_name: 'Sofia',
      family_name: 'Social',
    }),
  }),
});

const server = createServer(provider.callback());
server.listen(port, '127.0.0.1', () => console.log(`OpenID provider at ${issuer}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
