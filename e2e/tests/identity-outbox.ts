import { type APIRequestContext, expect } from '@playwright/test';

/** One e-mail of the API's development outbox (GET /api/dev/outbox, absent in production). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  kind: string;
  locale: string;
  replyTo: string | null;
  createdAt: string;
}

/** The newest e-mail of `kind` sent to `to`, waiting for it to arrive. `after` skips mails read before. */
export async function latestMail(
  request: APIRequestContext,
  to: string,
  kind: string,
  after?: OutboxMail,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        expect(response.ok()).toBe(true);
        const { data } = (await response.json()) as { data: OutboxMail[] };
        // Newest first.
        found = data.find(
          (mail) =>
            mail.kind === kind && (!after || mail.createdAt > after.createdAt || mail.text !== after.text),
        );
        return found !== undefined;
      },
      { message: `an e-mail "${kind}" to ${to}` },
    )
    .toBe(true);
  return found as OutboxMail;
}

/** The six-digit code of a confirmation or reset e-mail. */
export function codeIn(mail: OutboxMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, `a six-digit code in "${mail.subject}"`).toBeDefined();
  return code as string;
}

/** A six-digit code that is surely not `code`. */
export const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** A unique address for this run (the e2e database lives in memory, one per run). */
export const uniqueEmail = (name: string) =>
  `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;

/** Signs up and confirms an account through the API, as the portal would; returns its credentials. */
export async function confirmedAccount(
  request: APIRequestContext,
  name: string,
  password = 'Start-pass-2026',
) {
  const email = uniqueEmail(name);
  const signUp = await request.post('/api/identity/sign-up', {
    data: { email, phone_number: '+447911123456', password, locale: 'en-GB' },
  });
  expect(signUp.status()).toBe(201);
  const code = codeIn(await latestMail(request, email, 'confirm_sign_up'));
  const confirm = await request.post('/api/identity/confirm-sign-up', { data: { email, code } });
  expect(confirm.ok()).toBe(true);
  return { email, password };
}
