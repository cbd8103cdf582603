import { execFileSync } from 'node:child_process';
import { createHmac, generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer, globalAgent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { rates, users } from '../src/db/schema/index.ts';
import { RATES_DOCUMENT_LABELS, ratesLines } from '../src/modules/billing/rates-document.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

const INTEGRATION_KEY = '6f1c1a52-3b0e-4a57-9f5e-0d7d0f2a9c11';
const API_USER = '0b5d3b1e-91a3-4c7b-8d1e-6a3c8f2e4d55';
const ACCOUNT = 'a7e2c4d9-5f10-4b2e-9c3d-1e8f7a6b5c44';
const HMAC_KEY = 'connect-hmac-key-for-tests-0123456789abcdef';
const ACCESS_TOKEN = `eyJ0eXAi.access-token-${randomUUID()}`;
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** Staff's change of a merchant's rates (PUT /v1/merchants/{id}/rates): a new rates version. */
const RATES_CHANGE = {
  eeaPercent: 1.4,
  globalPercent: 2.4,
  amexPercent: 2.8,
  otherPercent: 2.8,
  tapToPayPercent: 1.25,
  deviceRentalMonthly: 1999,
  settlementType: 'net',
  contractEndDate: null,
  backfill: false,
  discounts: [],
  monthlyFees: [],
  credits: [],
  feeDestination: 'main account',
  tradingHours: {},
};
type Json = Record<string, unknown>;
interface FakeEnvelope {
  envelopeId: string;
  status: string;
  emailSubject: string;
  documents: { documentBase64: string; name: string }[];
  recipients: { signers: Json[] };
  customFields: { textCustomFields: { name: string; value: string }[] };
  eventNotification: Json;
  voidedReason?: string;
}

/**
 * A local HTTPS server speaking the part of DocuSign the adapter calls: the JWT grant (`POST /oauth/token`,
 * the assertion's RS256 signature checked with the integration key's public key) and the eSignature REST API
 * v2.1 (create an envelope, read it with recipients and custom fields, a recipient view, void). Its certificate
 * is made for this run and trusted by this test process only.
 */
function docusignServer(certDir: string) {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      join(certDir, 'key.pem'),
      '-out',
      join(certDir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(join(certDir, 'cert.pem'));
  const requests: { method: string; path: string; body: string }[] = [];
  const envelopes = new Map<string, FakeEnvelope>();
  let host = '';
  let accessToken = ACCESS_TOKEN;
  const body = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server: Server = createServer(
    { key: readFileSync(join(certDir, 'key.pem')), cert },
    async (request, response) => {
      const url = new URL(request.url ?? '/', 'https://localhost');
      const text = await body(request);
      requests.push({ method: request.method ?? '', path: url.pathname, body: text });
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.method === 'POST' && url.pathname === '/oauth/token') {
        const form = new URLSearchParams(text);
        const [head = '', payload = '', signature = ''] = (form.get('assertion') ?? '').split('.');
        const valid =
          form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
          verify(
            'RSA-SHA256',
            Buffer.from(`${head}.${payload}`),
            publicKey,
            Buffer.from(signature, 'base64url'),
          );
        const claims = valid ? JSON.parse(Buffer.from(payload, 'base64url').toString()) : {};
        if (!valid || claims.iss !== INTEGRATION_KEY || claims.sub !== API_USER || claims.aud !== host)
          return send(400, { error: 'invalid_grant' });
        return send(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
      }
      if (request.headers.authorization !== `Bearer ${accessToken}`)
        return send(401, { errorCode: 'AUTHORIZATION_INVALID_TOKEN', message: 'bad token' });
      const base = `/restapi/v2.1/accounts/${ACCOUNT}/envelopes`;
      if (request.method === 'POST' && url.pathname === base) {
        const definition = JSON.parse(text) as Omit<FakeEnvelope, 'envelopeId'>;
        const envelope = { ...definition, envelopeId: randomUUID(), status: definition.status };
        envelopes.set(envelope.envelopeId, envelope);
        return send(201, {
          envelopeId: envelope.envelopeId,
          status: 'sent',
          uri: `/envelopes/${envelope.envelopeId}`,
        });
      }
      const one = url.pathname.match(
        /^\/restapi\/v2\.1\/accounts\/[^/]+\/envelopes\/([^/]+)(\/views\/recipient)?$/,
      );
      const envelope = one ? envelopes.get(one[1] ?? '') : undefined;
      if (!one || !envelope)
        return send(404, { errorCode: 'ENVELOPE_DOES_NOT_EXIST', message: 'no envelope' });
      if (request.method === 'GET' && !one[2]) {
        const include = (url.searchParams.get('include') ?? '').split(',');
        return send(200, {
          envelopeId: envelope.envelopeId,
          status: envelope.status,
          emailSubject: envelope.emailSubject,
          ...(include.includes('recipients') ? { recipients: envelope.recipients } : {}),
          ...(include.includes('custom_fields') ? { customFields: envelope.customFields } : {}),
        });
      }
      if (request.method === 'POST' && one[2]) {
        const view = JSON.parse(text) as Json;
        const signer = envelope.recipients.signers[0] ?? {};
        if (
          envelope.status !== 'sent' ||
          view.clientUserId !== signer.clientUserId ||
          view.email !== signer.email ||
          view.userName !== signer.name
        )
          return send(400, { errorCode: 'UNKNOWN_ENVELOPE_RECIPIENT', message: 'no such recipient' });
        return send(201, {
          url: `https://demo.docusign.net/Signing/MTRedeem/v1/${randomUUID()}?slt=${encodeURIComponent(String(view.returnUrl))}`,
        });
      }
      if (request.method === 'PUT' && !one[2]) {
        const update = JSON.parse(text) as { status?: string; voidedReason?: string };
        if (update.status === 'voided' && envelope.status === 'sent')
          Object.assign(envelope, { status: 'voided', voidedReason: update.voidedReason });
        return send(200, { envelopeId: envelope.envelopeId });
      }
      return send(404, { errorCode: 'NOT_FOUND', message: `${request.method} ${url.pathname}` });
    },
  );
  return {
    requests,
    envelopes,
    /** The signer signs on DocuSign's page (DocuSign records it as completed). */
    complete(envelopeId: string, signerName?: string) {
      const envelope = envelopes.get(envelopeId);
      if (!envelope) throw new Error(`no envelope ${envelopeId}`);
      envelope.status = 'completed';
      const signer = envelope.recipients.signers[0] ?? {};
      Object.assign(signer, { status: 'completed', ...(signerName ? { name: signerName } : {}) });
    },
    /** The signer declines on DocuSign's page. */
    decline(envelopeId: string) {
      const envelope = envelopes.get(envelopeId);
      if (envelope) envelope.status = 'declined';
    },
    /** DocuSign no longer accepts the token it gave (revoked, or expired early). */
    revokeTokens() {
      accessToken = `eyJ0eXAi.access-token-${randomUUID()}`;
    },
    /** An envelope someone else made on the same account (not through our adapter). */
    foreign(customFields: { name: string; value: string }[]) {
      const envelope: FakeEnvelope = {
        envelopeId: randomUUID(),
        status: 'completed',
        emailSubject: 'Other',
        documents: [],
        recipients: {
          signers: [{ recipientId: '1', name: 'Mallory', email: 'm@example.com', status: 'completed' }],
        },
        customFields: { textCustomFields: customFields },
        eventNotification: {},
      };
      envelopes.set(envelope.envelopeId, envelope);
      return envelope.envelopeId;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
          resolve(host);
        }),
      ),
    cert,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const connectEvent = (envelopeId: string, event = 'envelope-completed') =>
  JSON.stringify({
    event,
    apiVersion: 'v2.1',
    uri: `/restapi/v2.1/accounts/${ACCOUNT}/envelopes/${envelopeId}`,
    retryCount: 0,
    configurationId: 10_500_000,
    generatedDateTime: new Date().toISOString(),
    data: { accountId: ACCOUNT, userId: API_USER, envelopeId },
  });

describe('rates signing through DocuSign (official SDK against a local DocuSign-speaking server)', () => {
  const certDir = mkdtempSync(join(tmpdir(), 'esign-docusign-'));
  const docusign = docusignServer(certDir);
  const hadCa = Object.hasOwn(globalAgent.options, 'ca');
  const previousCa = globalAgent.options.ca;
  const lines: string[] = [];
  let t: TestApp;
  let w: AccessWorld;
  // Rates can change once a day per merchant: each merchant's rates change once here.
  const clock = fixedClock(new Date('2026-11-02T10:00:00Z'));
  const base = (merchantId = w.merchantA) => `/api/v1/merchants/${merchantId}`;
  const settings = async (merchantId = w.merchantA, actor: 'ownerA' | 'ownerB' = 'ownerA') =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${base(merchantId)}/billing-settings`,
        headers: w.headers(actor),
      })
    ).json().data;
  const event = (payload: string, signature?: string | null, header = 'x-docusign-signature-1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/esign/docusign/events',
      headers: {
        'content-type': 'application/json',
        ...(signature === null
          ? {}
          : { [header]: signature ?? createHmac('sha256', HMAC_KEY).update(payload).digest('base64') }),
      },
      payload,
    });
  const envelopeRows = async (merchantId: string) =>
    (
      (await t.database.db.execute(
        sql`select id, rates_id, status, provider, provider_envelope_id, signer_name, signer_ip, signed_at from rate_signatures where merchant_id = ${merchantId} order by created_at, id`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
  const newRates = (merchantId: string, domesticPercent: number) =>
    t.app.inject({
      method: 'PUT',
      url: `${base(merchantId)}/rates`,
      headers: w.headers('staff'),
      payload: { ...RATES_CHANGE, domesticPercent },
    });
  const envelopeCreations = () =>
    docusign.requests.filter(
      (r) => r.method === 'POST' && r.path === `/restapi/v2.1/accounts/${ACCOUNT}/envelopes`,
    );

  beforeAll(async () => {
    const host = await docusign.listen();
    // This process (only) trusts the local server's certificate, as it would DocuSign's.
    globalAgent.options.ca = [...rootCertificates, docusign.cert.toString()];
    t = await createTestApp({
      clock,
      logStream: { write: (line: string) => void lines.push(line) },
      env: {
        LOG_LEVEL: 'info',
        PUBLIC_URL: 'http://localhost:3000',
        DOCUSIGN_INTEGRATION_KEY: INTEGRATION_KEY,
        DOCUSIGN_USER_ID: API_USER,
        DOCUSIGN_ACCOUNT_ID: ACCOUNT,
        DOCUSIGN_PRIVATE_KEY: Buffer.from(PRIVATE_PEM).toString('base64'),
        DOCUSIGN_CONNECT_HMAC_KEY: HMAC_KEY,
        DOCUSIGN_BASE_PATH: `https://${host}/restapi`,
        DOCUSIGN_OAUTH_HOST: host,
      },
    });
    w = await createAccessWorld(t.app, 'DocuSign');
    await t.app.db.insert(rates).values({
      merchantId: w.merchantB,
      domesticPercent: '1.1000',
      eeaPercent: '1.5000',
      globalPercent: '2.5000',
      amexPercent: '2.9000',
      otherPercent: '2.9000',
      tapToPayPercent: '1.3000',
      currency: 'EUR',
      effectiveFrom: '2020-01-01',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
  });
  afterAll(async () => {
    await t.close();
    await docusign.close();
    // As it was: the agent's options override a request's own, so a `ca: undefined` left behind would take the
    // `ca` of every later https request in this worker (the suite's files share worker processes).
    if (hadCa) globalAgent.options.ca = previousCa;
    else delete globalAgent.options.ca;
    rmSync(certDir, { recursive: true, force: true });
  });

  it('sends the rates PDF for the CompanyOwner in their language, opens DocuSign’s page, and signs on the signed Connect event only', async () => {
    await t.app.db.update(users).set({ locale: 'fr-FR' }).where(eq(users.id, w.users.ownerA.id));
    const before = await settings();
    expect(before).toMatchObject({ hasRates: true, hasSignedRates: false });
    expect(before.ratesSignUrl).toMatch(
      new RegExp(`^http://localhost:3000/api/esign/docusign/sign/${w.merchantA}/[0-9a-f-]{36}$`),
    );
    // The simulated page is not there while DocuSign is the provider.
    const simulator = await t.app.inject({
      method: 'GET',
      url: `/api/esign-simulator/${w.merchantA}/${new URL(before.ratesSignUrl).pathname.split('/').pop()}`,
    });
    expect(simulator.statusCode).toBe(404);

    const open = await t.app.inject({ method: 'GET', url: new URL(before.ratesSignUrl).pathname });
    expect(open.statusCode, open.body).toBe(303);
    expect(open.headers.location).toMatch(/^https:\/\/demo\.docusign\.net\/Signing\/MTRedeem\/v1\//);
    expect(open.headers['cache-control']).toBe('no-store');

    // The envelope: the PDF, the owner as embedded signer, our ids, Connect with HMAC for this envelope.
    expect(envelopeCreations()).toHaveLength(1);
    const [row] = await envelopeRows(w.merchantA);
    const sent = docusign.envelopes.get(String(row?.provider_envelope_id));
    expect(sent).toBeDefined();
    expect(row).toMatchObject({ status: 'sent', provider: 'docusign' });
    expect(
      Buffer.from(sent?.documents[0]?.documentBase64 ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(sent?.documents[0]?.name).toBe('Tarifs 2020-01-01.pdf');
    expect(sent?.emailSubject).toBe('Veuillez signer vos tarifs : DocuSign Alpha Ltd');
    expect(sent?.recipients.signers[0]).toMatchObject({
      email: w.users.ownerA.email,
      clientUserId: w.users.ownerA.id,
      recipientId: '1',
    });
    expect(sent?.customFields.textCustomFields).toEqual([
      expect.objectContaining({ name: 'merchantId', value: w.merchantA, show: 'false' }),
      expect.objectContaining({ name: 'envelopeId', value: row?.id, show: 'false' }),
    ]);
    expect(sent?.eventNotification).toMatchObject({
      url: 'http://localhost:3000/api/esign/docusign/events',
      includeHMAC: 'true',
      requireAcknowledgment: 'true',
    });
    const view = docusign.requests.find((r) => r.path.endsWith('/views/recipient'));
    expect(JSON.parse(view?.body ?? '{}').returnUrl).toBe(
      `http://localhost:3000/api/esign/docusign/return/${w.merchantA}/${row?.id}`,
    );
    // Opening the link again: the same envelope, a fresh signing session.
    const again = await t.app.inject({ method: 'GET', url: new URL(before.ratesSignUrl).pathname });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).not.toBe(open.headers.location);
    expect(envelopeCreations()).toHaveLength(1);
    expect(docusign.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1);

    const providerId = String(row?.provider_envelope_id);
    // Connect says completed before DocuSign's record does: read back, nothing changes.
    expect((await event(connectEvent(providerId))).statusCode).toBe(200);
    expect((await settings()).hasSignedRates).toBe(false);

    docusign.complete(providerId, 'Ada Owner');
    // A forged signature, a missing one, and a signature of another body: 401, nothing changed.
    const payload = connectEvent(providerId);
    const forged = await event(
      payload,
      createHmac('sha256', 'not-the-key-0123456789').update(payload).digest('base64'),
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('UNAUTHORIZED');
    expect((await event(payload, null)).statusCode).toBe(401);
    const otherBody = createHmac('sha256', HMAC_KEY).update(connectEvent(randomUUID())).digest('base64');
    expect((await event(payload, otherBody)).statusCode).toBe(401);
    expect((await event(payload, 'short')).statusCode).toBe(401);
    expect(await settings()).toMatchObject({ hasSignedRates: false });
    expect((await envelopeRows(w.merchantA))[0]?.status).toBe('sent');

    // Signed (with a second active HMAC key, Connect's X-DocuSign-Signature-2 matches): signed, once.
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/esign/docusign/events',
      headers: {
        'content-type': 'application/json',
        'x-docusign-signature-1': createHmac('sha256', 'an-older-key-0123456789')
          .update(payload)
          .digest('base64'),
        'x-docusign-signature-2': createHmac('sha256', HMAC_KEY).update(payload).digest('base64'),
      },
      payload,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await settings()).toMatchObject({ hasSignedRates: true, ratesSignUrl: null });
    const [done] = await envelopeRows(w.merchantA);
    expect(done).toMatchObject({ status: 'signed', signer_name: 'Ada Owner', signer_ip: null });
    // Device orders are no longer blocked by unsigned rates.
    const options = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${w.merchantA}/devices/order-options`,
      headers: w.headers('ownerA'),
    });
    expect(options.json().data.blockedBy).not.toBe('DEAL_NOT_SIGNED');

    // Replayed, and a later event of another kind: nothing changes.
    expect((await event(payload)).statusCode).toBe(200);
    expect((await event(connectEvent(providerId, 'recipient-completed'))).statusCode).toBe(200);
    expect((await envelopeRows(w.merchantA))[0]?.signed_at).toEqual(done?.signed_at);
    // The link is spent: back to billing.
    const spent = await t.app.inject({ method: 'GET', url: new URL(before.ratesSignUrl).pathname });
    expect(spent.statusCode).toBe(303);
    expect(spent.headers.location).toBe('/billing/payment-methods');
  });

  it('a new rates version makes a new envelope at once and un-signs; the old envelope’s events change nothing', async () => {
    const [old] = await envelopeRows(w.merchantA);
    const changed = await newRates(w.merchantA, 1.1);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(envelopeCreations()).toHaveLength(2);
    const after = await settings();
    expect(after.hasSignedRates).toBe(false);
    expect(after.ratesSignUrl).toMatch(new RegExp(`/api/esign/docusign/sign/${w.merchantA}/`));
    expect(after.ratesSignUrl).not.toContain(String(old?.id));
    const rows = await envelopeRows(w.merchantA);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ status: 'sent', provider: 'docusign' });
    expect(rows[1]?.provider_envelope_id).toEqual(expect.any(String));
    const options = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${w.merchantA}/devices/order-options`,
      headers: w.headers('ownerA'),
    });
    expect(options.json().data.blockedBy).toBe('DEAL_NOT_SIGNED');

    // The old version's completion, replayed late: it signed old rates, not these.
    expect((await event(connectEvent(String(old?.provider_envelope_id)))).statusCode).toBe(200);
    expect((await settings()).hasSignedRates).toBe(false);

    // Back from DocuSign before Connect's event: read back, signed; the event that follows changes nothing.
    const newId = String(rows[1]?.provider_envelope_id);
    docusign.complete(newId);
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/esign/docusign/return/${w.merchantA}/${rows[1]?.id}?event=signing_complete`,
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/billing/payment-methods?ratesSigned=1');
    expect((await settings()).hasSignedRates).toBe(true);
    expect((await event(connectEvent(newId))).statusCode).toBe(200);
    expect((await envelopeRows(w.merchantA)).map((r) => r.status)).toEqual(['signed', 'signed']);
  });

  it('an unsigned envelope replaced by new rates is voided at DocuSign; signing it there afterwards changes nothing', async () => {
    const first = await settings(w.merchantB, 'ownerB');
    const opened = await t.app.inject({ method: 'GET', url: new URL(first.ratesSignUrl).pathname });
    expect(opened.statusCode).toBe(303);
    const [old] = await envelopeRows(w.merchantB);
    const oldId = String(old?.provider_envelope_id);
    expect((await newRates(w.merchantB, 1.05)).statusCode).toBe(200);
    expect(docusign.envelopes.get(oldId)).toMatchObject({
      status: 'voided',
      voidedReason: 'Replaced by a newer version of the rates',
    });
    const rows = await envelopeRows(w.merchantB);
    expect(rows.map((r) => r.status)).toEqual(['void', 'sent']);
    // The old link now leads back to billing; its envelope, even completed, signs nothing.
    const stale = await t.app.inject({ method: 'GET', url: new URL(first.ratesSignUrl).pathname });
    expect(stale.headers.location).toBe('/billing/payment-methods');
    docusign.complete(oldId);
    expect((await event(connectEvent(oldId))).statusCode).toBe(200);
    expect((await settings(w.merchantB, 'ownerB')).hasSignedRates).toBe(false);
  });

  it('a declined envelope is sent again when the link is opened; a revoked token is renewed once', async () => {
    const [current] = (await envelopeRows(w.merchantB)).filter((r) => r.status === 'sent');
    const declinedId = String(current?.provider_envelope_id);
    docusign.decline(declinedId);
    docusign.revokeTokens();
    const tokensBefore = docusign.requests.filter((r) => r.path === '/oauth/token').length;
    const link = (await settings(w.merchantB, 'ownerB')).ratesSignUrl;
    const opened = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(opened.statusCode, opened.body).toBe(303);
    expect(opened.headers.location).toMatch(/^https:\/\/demo\.docusign\.net\/Signing\//);
    expect(docusign.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(tokensBefore + 1);
    const [again] = (await envelopeRows(w.merchantB)).filter((r) => r.status === 'sent');
    expect(again?.id).toBe(current?.id);
    expect(again?.provider_envelope_id).not.toBe(declinedId);
    // The declined envelope's late event signs nothing.
    expect((await event(connectEvent(declinedId, 'envelope-declined'))).statusCode).toBe(200);
    expect((await settings(w.merchantB, 'ownerB')).hasSignedRates).toBe(false);
  });

  it('an envelope not made by us, naming our merchant and envelope in its custom fields, signs nothing', async () => {
    const [current] = (await envelopeRows(w.merchantB)).filter((r) => r.status === 'sent');
    const foreign = docusign.foreign([
      { name: 'merchantId', value: w.merchantB },
      { name: 'envelopeId', value: String(current?.id) },
    ]);
    expect((await event(connectEvent(foreign))).statusCode).toBe(200);
    // Nor does an envelope DocuSign does not know, or a body that is not about an envelope.
    expect((await event(connectEvent(randomUUID()))).statusCode).toBe(503);
    expect((await event(JSON.stringify({ event: 'envelope-completed' }))).statusCode).toBe(200);
    expect((await settings(w.merchantB, 'ownerB')).hasSignedRates).toBe(false);
    expect((await envelopeRows(w.merchantB)).find((r) => r.id === current?.id)?.status).toBe('sent');
  });

  it('onboarding’s first rates version is sent for signature to the new CompanyOwner at once', async () => {
    const before = envelopeCreations().length;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer-accounts',
      headers: w.headers('managerA2'),
      payload: {
        company: {
          entityType: 'company',
          country: 'GB',
          legalEntityName: 'Signing Harbour Ltd',
          registrationNumber: '01234567',
          vatNumber: 'GB123456789',
          industry: '5812',
          phone: '+44 20 7946 0000',
        },
        payments: {
          pricing: 'standard',
          acceptedPaymentMethods: ['in-person'],
          billingPaymentMethod: 'card',
        },
        site: {
          name: 'Harbour Main',
          displayName: 'Harbour',
          address: { line1: '1 Quay Street', city: 'Bristol', postalCode: 'bs1 4aa', country: 'GB' },
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { merchantId } = created.json().data;
    expect(envelopeCreations()).toHaveLength(before + 1);
    const [row] = await envelopeRows(merchantId);
    expect(row).toMatchObject({ status: 'sent', provider: 'docusign' });
    const sent = docusign.envelopes.get(String(row?.provider_envelope_id));
    expect(sent?.emailSubject).toBe('Please sign your rates: Signing Harbour Ltd');
    expect(sent?.recipients.signers[0]).toMatchObject({
      email: w.users.managerA2.email,
      clientUserId: w.users.managerA2.id,
    });
  });

  it('never logs the access token, the HMAC key or the private key', () => {
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(log).not.toContain('access-token-');
    expect(log).not.toContain(HMAC_KEY);
    expect(log).not.toContain(PRIVATE_PEM.split('\n')[1] ?? 'unreachable');
  });
});

describe('rates signing with the simulated provider (the default)', () => {
  let t: TestApp;
  let w: AccessWorld;
  beforeAll(async () => {
    t = await createTestApp({
      clock: fixedClock(new Date('2026-11-02T10:00:00Z')),
      env: { PUBLIC_URL: 'http://localhost:3000' },
    });
    w = await createAccessWorld(t.app, 'SimSign');
  });
  afterAll(() => t.close());
  const settings = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/merchants/${w.merchantA}/billing-settings`,
        headers: w.headers('ownerA'),
      })
    ).json().data;
  const sign = (link: string) =>
    t.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'signerName=Ada%20Owner&agree=yes',
    });

  it('a new rates version un-signs and gets a new link; the old link is spent; DocuSign’s routes are 404', async () => {
    const first = await settings();
    expect((await sign(first.ratesSignUrl)).statusCode).toBe(303);
    expect(await settings()).toMatchObject({ hasSignedRates: true, ratesSignUrl: null });
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/merchants/${w.merchantA}/rates`,
      headers: w.headers('staff'),
      payload: { ...RATES_CHANGE, domesticPercent: 1.15 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const second = await settings();
    expect(second.hasSignedRates).toBe(false);
    expect(second.ratesSignUrl).toMatch(/\/api\/esign-simulator\//);
    expect(second.ratesSignUrl).not.toBe(first.ratesSignUrl);
    expect((await sign(first.ratesSignUrl)).statusCode).toBe(410);
    expect((await sign(second.ratesSignUrl)).statusCode).toBe(303);
    expect((await settings()).hasSignedRates).toBe(true);
    const docusignEvent = await t.app.inject({
      method: 'POST',
      url: '/api/esign/docusign/events',
      headers: { 'content-type': 'application/json' },
      payload: connectEvent(randomUUID()),
    });
    expect(docusignEvent.statusCode).toBe(404);
  });
});

describe('DocuSign configuration', () => {
  const full = {
    DOCUSIGN_INTEGRATION_KEY: INTEGRATION_KEY,
    DOCUSIGN_USER_ID: API_USER,
    DOCUSIGN_ACCOUNT_ID: ACCOUNT,
    DOCUSIGN_PRIVATE_KEY: PRIVATE_PEM,
    DOCUSIGN_CONNECT_HMAC_KEY: HMAC_KEY,
  };
  const config = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', PORTAL_DIST: '/nonexistent', SEED_DEMO: 'false', ...env });

  it('is off by default (the simulated page), on with all five, and names what is missing or malformed', () => {
    expect(config({}).docusign).toBeUndefined();
    expect(config(full).docusign).toMatchObject({
      accountId: ACCOUNT,
      basePath: 'https://demo.docusign.net/restapi',
      oauthHost: 'account-d.docusign.com',
    });
    const { DOCUSIGN_CONNECT_HMAC_KEY: _, ...partial } = full;
    expect(() => config(partial)).toThrow(ConfigError);
    try {
      config(partial);
    } catch (error) {
      expect((error as ConfigError).message).toContain('DOCUSIGN_CONNECT_HMAC_KEY');
    }
    const badKey = 'not-a-private-key-but-a-secret-1234';
    try {
      config({ ...full, DOCUSIGN_PRIVATE_KEY: badKey });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain('DOCUSIGN_PRIVATE_KEY');
      expect((error as ConfigError).message).not.toContain(badKey);
    }
    expect(() => config({ ...full, DOCUSIGN_ACCOUNT_ID: '12345' })).toThrow(ConfigError);
  });

  it('the rates document speaks the signer’s language', () => {
    const version = {
      domesticPercent: '1.2000',
      eeaPercent: '1.5000',
      globalPercent: '2.5000',
      amexPercent: '2.9000',
      otherPercent: '2.9000',
      tapToPayPercent: '1.3000',
      fixedFee: 20,
      deviceRentalMonthly: 1999,
      currency: 'EUR',
      settlementType: 'gross',
      effectiveFrom: '2026-11-01',
      contractEndDate: null,
    };
    expect(ratesLines(version, 'en-GB')[0]).toEqual(['Domestic cards', '1.2%']);
    expect(ratesLines(version, 'fr-FR')[0]).toEqual(['Cartes nationales', '1,2\u00a0%']);
    expect(ratesLines(version, 'es-ES')[7]).toEqual(['Alquiler mensual del datáfono', '19,99\u00a0€']);
    expect(ratesLines(version, 'it-IT')[8]).toEqual(['Regolamento', 'Lordo (commissioni fatturate)']);
    for (const labels of Object.values(RATES_DOCUMENT_LABELS)) expect(labels.rows).toHaveLength(9);
  });
});
