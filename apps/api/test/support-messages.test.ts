import { ALL_SITES } from '@mp/domain/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../src/adapters/mail/outbox-mailer.ts';
import { users } from '../src/db/schema/index.ts';
import {
  type AccessWorld,
  type ActorName,
  createAccessWorld,
  grant,
  insertUser,
  PASSWORD,
} from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signIn } from './helpers/auth.ts';

// Issue 14 §4: the help panel's contact form e-mails support through the mail port (the outbox here).
describe('support messages', () => {
  let t: TestApp;
  let w: AccessWorld;
  const lines: string[] = [];
  const SUPPORT = 'helpdesk@example.com';

  beforeAll(async () => {
    t = await createTestApp({
      env: { SUPPORT_EMAIL: SUPPORT, SUPPORT_MESSAGES_PER_HOUR: '3', LOG_LEVEL: 'debug' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    w = await createAccessWorld(t.app, 'Support');
    await t.app.db.update(users).set({ locale: 'fr-FR' }).where(eq(users.id, w.users.managerA1.id));
  });
  afterAll(() => t.close());

  const send = (actor: ActorName | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/support/messages',
      headers: actor ? w.headers(actor) : {},
      payload: payload as Record<string, unknown>,
    });

  it("e-mails support, reply-to the user, with who they are and the site, and confirms in the user's language", async () => {
    const secret = 'The card reader at the till beeps twice. Body marker 7c1f.';
    const res = await send('managerA1', {
      subject: 'Terminal beeps',
      message: `${secret}\nSecond line.`,
      merchantId: w.merchantA,
      siteId: w.siteA1,
    });
    expect(res.statusCode).toBe(202);
    const { reference } = res.json().data;
    expect(reference).toMatch(/^S-[0-9A-F]{8}$/);

    const [toSupport] = await readOutbox(t.app.db, SUPPORT);
    expect(toSupport).toMatchObject({
      subject: `[Support ${reference}] Terminal beeps`,
      kind: 'support_message',
      replyTo: w.users.managerA1.email,
    });
    expect(toSupport?.text).toContain(`User id: ${w.users.managerA1.id}`);
    expect(toSupport?.text).toContain(`From: support.managera1 Tester <${w.users.managerA1.email}>`);
    expect(toSupport?.text).toContain(`Company: Support Alpha Ltd (${w.merchantA})`);
    expect(toSupport?.text).toContain(`Site: Support-a1 (${w.siteA1})`);
    expect(toSupport?.text).toContain(`${secret}\nSecond line.`);

    const [confirmation] = await readOutbox(t.app.db, w.users.managerA1.email);
    expect(confirmation).toMatchObject({
      subject: 'Nous avons bien reçu votre message',
      kind: 'support_confirmation',
      locale: 'fr-FR',
    });
    expect(confirmation?.text).toContain(reference);
    expect(confirmation?.text).not.toContain(secret);

    // Nothing of the message is logged, not even by the development outbox that prints other e-mails.
    const log = lines.join('\n');
    expect(log).toContain(reference);
    expect(log).not.toContain('7c1f');
    expect(log).not.toContain('Terminal beeps');
  });

  it('sends without a company, and refuses a company or site that is not the user’s (404)', async () => {
    const plain = await send('ownerB', { subject: 'Question', message: 'How do refunds work?' });
    expect(plain.statusCode).toBe(202);
    const [mail] = await readOutbox(t.app.db, SUPPORT);
    expect(mail?.text).toContain('Company: (not named)');
    expect(mail?.replyTo).toBe(w.users.ownerB.email);

    const other = await send('ownerB', { subject: 'Hi', message: 'x', merchantId: w.merchantA });
    expect(other.statusCode).toBe(404);
    // A manager of A2 is a member of A but not of site A1; staff belong to no company.
    const site = await send('managerA2', {
      subject: 'Hi',
      message: 'x',
      merchantId: w.merchantA,
      siteId: w.siteA1,
    });
    expect(site.statusCode).toBe(404);
    const foreignSite = await send('ownerA', {
      subject: 'Hi',
      message: 'x',
      merchantId: w.merchantA,
      siteId: w.siteB1,
    });
    expect(foreignSite.statusCode).toBe(404);
    expect((await send('staff', { subject: 'Hi', message: 'x', merchantId: w.merchantB })).statusCode).toBe(
      404,
    );
    expect((await send(null, { subject: 'Hi', message: 'x' })).statusCode).toBe(401);
  });

  it('lets a manager of every site (*) name any site of the company', async () => {
    const email = 'support.every-site@example.com';
    const id = await insertUser(t.app.db, email, ['Merchants']);
    await grant(t.app.db, w.merchantA, id, [], [{ siteId: ALL_SITES, role: 'SiteManager' }]);
    const token = await signIn(t.app, email, PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/messages',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        subject: 'Terminal',
        message: 'Site A1 terminal',
        merchantId: w.merchantA,
        siteId: w.siteA1,
      },
    });
    expect(res.statusCode).toBe(202);
    const mail = (await readOutbox(t.app.db, SUPPORT)).find((sent) => sent.replyTo === email);
    expect(mail?.text).toContain(`Site: Support-a1 (${w.siteA1})`);
  });

  it('answers 400 naming the field for missing, too long or malformed input', async () => {
    const cases: [unknown, string][] = [
      [{ message: 'x' }, 'subject'],
      [{ subject: '   ', message: 'x' }, 'subject'],
      [{ subject: 'a'.repeat(151), message: 'x' }, 'subject'],
      [{ subject: 'Hi', message: 'x'.repeat(5001) }, 'message'],
      [{ subject: 'Hi\nthere', message: 'x' }, 'subject'],
      [{ subject: 'Hi', message: 'x', merchantId: 'not-a-uuid' }, 'merchantId'],
      [{ subject: 'Hi', message: 'x', siteId: w.siteA1 }, 'merchantId'],
    ];
    for (const [payload, field] of cases) {
      const res = await send('managerA2', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const named = res
        .json()
        .error.details.map((d: { field: string; message: string }) => `${d.field} ${d.message}`);
      expect(named.join('\n'), JSON.stringify(payload)).toContain(field);
    }
  });

  it('limits each user to the configured messages per hour (429 with Retry-After), others unaffected', async () => {
    // ownerA has sent one (404 above counted too); three are allowed per hour.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await send('ownerA', { subject: 'Hi', message: 'x' })).statusCode);
    expect(statuses).toEqual([202, 202, 429]);
    const limited = await send('ownerA', { subject: 'Hi', message: 'x' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await send('managerA1', { subject: 'Hi', message: 'x' })).statusCode).toBe(202);
  });
});
