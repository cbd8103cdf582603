import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../src/adapters/mail/smtp-mailer.ts';
import { confirmationCodeEmail, invitationEmail, membershipInvitationEmail } from '../src/identity/emails.ts';
import { createIdentityTestApp } from './identity-test-app.ts';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  secure: boolean;
  raw: string;
}

describe('SMTP adapter against a real SMTP server', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret/pass') callback(null, { user: 'mailer' });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session: SMTPServerSession, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user,
            secure: session.secure,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = server.server.address().port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(resolve)));

  it('delivers over STARTTLS with authentication, in the recipient locale', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://mailer:${encodeURIComponent('s3cret/pass')}@127.0.0.1:${port}`,
      from: 'Portal <no-reply@portal.test>',
      allowSelfSigned: true,
    });
    await mailer.send(confirmationCodeEmail('zoe@example.com', 'fr-FR', '042917'));
    mailer.close();
    const mail = received.at(-1);
    expect(mail).toMatchObject({
      from: 'no-reply@portal.test',
      to: ['zoe@example.com'],
      user: 'mailer',
      secure: true,
    });
    expect(mail?.raw).toContain('Content-Language: fr-FR');
    expect(mail?.raw).toContain('042917');
    expect(mail?.raw).toMatch(/Subject: =\?UTF-8\?Q\?Votre_code_de_v=C3=A9rification\?=|Subject: Votre code/);
  });

  it('fails loudly on wrong credentials', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://mailer:wrong@127.0.0.1:${port}`,
      from: 'no-reply@portal.test',
      allowSelfSigned: true,
    });
    await expect(mailer.send(confirmationCodeEmail('zoe@example.com', 'en-GB', '000001'))).rejects.toThrow();
    mailer.close();
  });

  it('sends sign-up codes through the app when SMTP is the configured adapter', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://mailer:${encodeURIComponent('s3cret/pass')}@127.0.0.1:${port}`,
      from: 'no-reply@portal.test',
      allowSelfSigned: true,
    });
    const t = await createIdentityTestApp({ mailer });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/identity/sign-up',
        payload: {
          email: 'smtp@example.com',
          phone_number: '+442079460000',
          password: 'Passw0rd!',
          locale: 'it-IT',
        },
      });
      expect(response.statusCode).toBe(201);
      const mail = received.at(-1);
      expect(mail?.to).toEqual(['smtp@example.com']);
      expect(mail?.raw).toContain('Content-Language: it-IT');
    } finally {
      mailer.close();
      await t.close();
    }
  }, 20_000);
});

describe('mail texts', () => {
  it('greet by first name when known, else by address, never "Hello ," (issue 8 §1)', () => {
    expect(invitationEmail('a@example.com', 'en-GB', 'Ann', 'pw', 'http://x').text).toMatch(/^Hello Ann,/);
    expect(invitationEmail('a@example.com', 'en-GB', '', 'pw', 'http://x').text).toMatch(
      /^Hello a@example\.com,/,
    );
    expect(invitationEmail('a@example.com', 'fr-FR', '  ', 'pw', 'http://x').text).toMatch(
      /^Bonjour a@example\.com,/,
    );
    expect(
      membershipInvitationEmail('a@example.com', 'es-ES', {
        name: 'Ana',
        companyName: 'Acme',
        inviterEmail: 'b@example.com',
        invitationsUrl: 'http://x',
        expiresAt: new Date(),
      }).text,
    ).toMatch(/^Hola, Ana:/);
  });

  it('exist in all four locales for every message', () => {
    for (const locale of ['en-GB', 'es-ES', 'fr-FR', 'it-IT']) {
      const code = confirmationCodeEmail('a@example.com', locale, '123456');
      const invite = invitationEmail('a@example.com', locale, 'Ann', 'Tmp-Passw0rd-xyz', 'http://x/signin');
      expect(code.locale).toBe(locale);
      expect(code.text).toContain('123456');
      expect(invite.text).toContain('Tmp-Passw0rd-xyz');
    }
    const subjects = new Set<string>();
    for (const locale of ['en-GB', 'es-ES', 'fr-FR', 'it-IT']) {
      const invitation = membershipInvitationEmail('a@example.com', locale, {
        name: null,
        companyName: 'Acme Ltd',
        inviterEmail: 'boss@example.com',
        invitationsUrl: 'http://x/invitations',
        expiresAt: new Date('2026-06-08T09:00:00Z'),
      });
      expect(invitation.locale).toBe(locale);
      expect(invitation.text.split('\n')[0]).toContain('a@example.com');
      expect(invitation.text).toContain('boss@example.com');
      expect(invitation.text).toContain('http://x/invitations');
      expect(invitation.text).toContain('2026');
      subjects.add(invitation.subject);
    }
    expect(subjects.size).toBe(4);
    expect(confirmationCodeEmail('a@example.com', 'es-ES', '1').subject).not.toBe(
      confirmationCodeEmail('a@example.com', 'en-GB', '1').subject,
    );
  });
});

describe('outbox adapter and the dev endpoint', () => {
  it('stores messages readable at GET /api/dev/outbox?to=', async () => {
    const t = await createIdentityTestApp({ mailer: undefined, useOutbox: true });
    try {
      await t.app.inject({
        method: 'POST',
        url: '/api/identity/sign-up',
        payload: { email: 'box@example.com', phone_number: '+442079460000', password: 'Passw0rd!' },
      });
      const outbox = await t.app.inject({ url: '/api/dev/outbox?to=BOX@example.com' });
      expect(outbox.statusCode).toBe(200);
      const [mail] = outbox.json().data;
      expect(mail).toMatchObject({
        to: 'box@example.com',
        kind: 'confirm_sign_up',
        subject: 'Your verification code',
      });
      expect(mail.text).toMatch(/Your verification code is \d{6}\./);
      // Issue 8 §4: only with `to=`, only on the loopback interface, never through a proxy.
      const all = await t.app.inject({ url: '/api/dev/outbox' });
      expect(all.statusCode).toBe(400);
      expect(all.json().error.details[0].field).toBe('to');
      for (const remoteAddress of ['192.168.1.20', '10.0.0.5', '::ffff:203.0.113.9', '2001:db8::1']) {
        const remote = await t.app.inject({ url: '/api/dev/outbox?to=box@example.com', remoteAddress });
        expect(remote.statusCode, remoteAddress).toBe(404);
        expect(remote.body).not.toContain('verification');
      }
      const forwarded = await t.app.inject({
        url: '/api/dev/outbox?to=box@example.com',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(forwarded.statusCode).toBe(404);
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const local = await t.app.inject({ url: '/api/dev/outbox?to=box@example.com', remoteAddress });
        expect(local.statusCode, remoteAddress).toBe(200);
      }
    } finally {
      await t.close();
    }
  }, 20_000);

  it('does not exist in production', async () => {
    const t = await createIdentityTestApp({ production: true, useOutbox: true });
    try {
      expect((await t.app.inject({ url: '/api/dev/outbox?to=box@example.com' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  }, 20_000);
});
