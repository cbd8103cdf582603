/// <reference path="./docusign-esign-sdk.d.ts" />
import { createHmac, timingSafeEqual } from 'node:crypto';
import docusign from 'docusign-esign';
import {
  type ESignProvider,
  ESignSignatureError,
  type ESignVendor,
  type VendorEnvelopeState,
} from './esign-port.ts';

export interface DocuSignConfig {
  /** The app's integration key (OAuth client id). */
  integrationKey: string;
  /** The DocuSign user the app acts as (JWT grant with consent given once). */
  userId: string;
  accountId: string;
  /** The RSA private key (PEM) of the integration key's key pair. */
  privateKey: string;
  /** The Connect HMAC key: Connect signs each event's body with it. */
  connectHmacKey: string;
  /** eSignature REST base, e.g. https://demo.docusign.net/restapi (tests: a local server). */
  basePath: string;
  /** OAuth host, e.g. account-d.docusign.com (tests: 127.0.0.1:port). */
  oauthHost: string;
}

/** Tokens are asked for this long and renewed this much before they run out. */
const TOKEN_SECONDS = 3600;
const TOKEN_RENEW_MS = 5 * 60 * 1000;
/** Connect sends one X-DocuSign-Signature-N header per active HMAC key (N ≤ 100); one must match. */
const MAX_SIGNATURE_HEADERS = 100;

const STATUSES = new Set(['sent', 'completed', 'declined', 'voided']);

/**
 * An SDK failure without the request it came from: axios errors carry the request's headers (our bearer
 * token), so they never leave this file; only the call, the HTTP status and DocuSign's error code do.
 */
function vendorError(call: string, error: unknown): Error {
  const response = (error as { response?: { status?: number; data?: { errorCode?: string } } }).response;
  const detail = response
    ? `HTTP ${response.status ?? '?'}${response.data?.errorCode ? ` ${response.data.errorCode}` : ''}`
    : ((error as { code?: string }).code ?? 'no response');
  return new Error(`DocuSign ${call} failed: ${detail}`);
}

/** Constant-time match of the body's HMAC against any of the X-DocuSign-Signature-N headers. */
export function verifyConnectSignature(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  key: string,
): boolean {
  const expected = createHmac('sha256', key).update(rawBody).digest();
  let matched = false;
  for (let n = 1; n <= MAX_SIGNATURE_HEADERS; n++) {
    const value = headers[`x-docusign-signature-${n}`];
    if (value === undefined) break;
    for (const candidate of Array.isArray(value) ? value : [value]) {
      const given = Buffer.from(candidate, 'base64');
      // Lengths are public (a SHA-256 digest is 32 bytes); the bytes are compared in constant time.
      if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
    }
  }
  return matched;
}

/**
 * DocuSign eSignature with the official `docusign-esign` SDK (decision 0090): JWT grant for an access token,
 * an envelope per rates version with the rates PDF and the CompanyOwner as an embedded signer (clientUserId),
 * our ids as hidden envelope custom fields, Connect events per envelope (JSON, HMAC-signed) to
 * `/api/esign/docusign/events`, and a recipient view (a fresh, single-use signing URL) per visit.
 */
export function createDocuSignESignProvider(config: DocuSignConfig, publicUrl: string): ESignProvider {
  const client = new docusign.ApiClient({ basePath: config.basePath });
  // The constructor derives the OAuth host from the REST base; ours is configured on its own.
  client.setOAuthBasePath(config.oauthHost);
  const envelopes = new docusign.EnvelopesApi(client);
  let token: { expiresAt: number } | null = null;
  let pending: Promise<void> | null = null;

  async function authorise(): Promise<void> {
    if (token && token.expiresAt - TOKEN_RENEW_MS > Date.now()) return;
    pending ??= (async () => {
      try {
        const granted = await client.requestJWTUserToken(
          config.integrationKey,
          config.userId,
          ['signature', 'impersonation'],
          config.privateKey,
          TOKEN_SECONDS,
        );
        client.addDefaultHeader('Authorization', `Bearer ${granted.body.access_token}`);
        token = { expiresAt: Date.now() + (granted.body.expires_in ?? TOKEN_SECONDS) * 1000 };
      } catch (error) {
        throw vendorError('token', error);
      } finally {
        pending = null;
      }
    })();
    await pending;
  }

  async function call<T>(name: string, run: () => Promise<T>): Promise<T> {
    await authorise();
    try {
      return await run();
    } catch (error) {
      // A token revoked or expired early: a new one, and the call once more.
      if ((error as { response?: { status?: number } }).response?.status !== 401)
        throw vendorError(name, error);
    }
    token = null;
    await authorise();
    try {
      return await run();
    } catch (error) {
      throw vendorError(name, error);
    }
  }

  const vendor: ESignVendor = {
    async send(envelope) {
      const summary = await call('createEnvelope', () =>
        envelopes.createEnvelope(config.accountId, {
          envelopeDefinition: {
            emailSubject: envelope.subject,
            status: 'sent',
            documents: [
              {
                documentBase64: envelope.pdf.toString('base64'),
                documentId: '1',
                fileExtension: 'pdf',
                name: envelope.documentName,
              },
            ],
            recipients: {
              signers: [
                {
                  email: envelope.signer.email,
                  name: envelope.signer.name,
                  recipientId: '1',
                  routingOrder: '1',
                  // Embedded signing: the signer signs in the session we open, not from DocuSign's e-mail.
                  clientUserId: envelope.signer.userId,
                  tabs: {
                    signHereTabs: [
                      {
                        anchorString: '/sig1/',
                        anchorUnits: 'pixels',
                        anchorXOffset: '0',
                        anchorYOffset: '0',
                      },
                    ],
                    dateSignedTabs: [
                      {
                        anchorString: '/date1/',
                        anchorUnits: 'pixels',
                        anchorXOffset: '0',
                        anchorYOffset: '0',
                      },
                    ],
                  },
                },
              ],
            },
            customFields: {
              textCustomFields: [
                { name: 'merchantId', value: envelope.merchantId, show: 'false', required: 'false' },
                { name: 'envelopeId', value: envelope.envelopeId, show: 'false', required: 'false' },
              ],
            },
            // Connect for this envelope: JSON events, HMAC-signed, retried until we answer 200.
            eventNotification: {
              url: new URL('/api/esign/docusign/events', publicUrl).toString(),
              requireAcknowledgment: 'true',
              includeHMAC: 'true',
              deliveryMode: 'SIM',
              events: ['envelope-completed', 'envelope-declined', 'envelope-voided'],
              eventData: {
                version: 'restv2.1',
                format: 'json',
                includeData: ['custom_fields', 'recipients'],
              },
            },
          },
        }),
      );
      if (!summary.envelopeId) throw new Error('DocuSign createEnvelope returned no envelope id');
      return { providerEnvelopeId: summary.envelopeId };
    },

    async state(providerEnvelopeId): Promise<VendorEnvelopeState> {
      const envelope = await call('getEnvelope', () =>
        envelopes.getEnvelope(config.accountId, providerEnvelopeId, { include: 'recipients,custom_fields' }),
      );
      const field = (name: string) =>
        envelope.customFields?.textCustomFields?.find((f) => f.name === name)?.value ?? null;
      const signer = envelope.recipients?.signers?.find((s) => s.recipientId === '1');
      const status = envelope.status ?? '';
      return {
        providerEnvelopeId: envelope.envelopeId ?? providerEnvelopeId,
        status: STATUSES.has(status) ? (status as VendorEnvelopeState['status']) : 'other',
        merchantId: field('merchantId'),
        envelopeId: field('envelopeId'),
        signer: signer
          ? { name: signer.name ?? '', email: signer.email ?? '', clientUserId: signer.clientUserId ?? null }
          : null,
      };
    },

    async signingSession(providerEnvelopeId, returnUrl) {
      const current = await vendor.state(providerEnvelopeId);
      if (!current.signer?.clientUserId) throw new Error('DocuSign envelope has no embedded signer');
      const view = await call('createRecipientView', () =>
        envelopes.createRecipientView(config.accountId, providerEnvelopeId, {
          recipientViewRequest: {
            authenticationMethod: 'none',
            clientUserId: current.signer?.clientUserId ?? '',
            email: current.signer?.email ?? '',
            userName: current.signer?.name ?? '',
            recipientId: '1',
            returnUrl,
          },
        }),
      );
      if (!view.url) throw new Error('DocuSign createRecipientView returned no URL');
      return view.url;
    },

    async void(providerEnvelopeId, reason) {
      await call('voidEnvelope', () =>
        envelopes.update(config.accountId, providerEnvelopeId, {
          envelope: { status: 'voided', voidedReason: reason },
        }),
      );
    },

    eventEnvelope(rawBody, headers) {
      if (!verifyConnectSignature(rawBody, headers, config.connectHmacKey)) throw new ESignSignatureError();
      let event: { data?: { envelopeId?: unknown } };
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      const id = event?.data?.envelopeId;
      return typeof id === 'string' && id.length > 0 && id.length <= 100 ? { providerEnvelopeId: id } : null;
    },
  };

  return {
    name: 'docusign',
    vendor,
    signingUrl: ({ merchantId, envelopeId }) =>
      new URL(`/api/esign/docusign/sign/${merchantId}/${envelopeId}`, publicUrl).toString(),
  };
}
