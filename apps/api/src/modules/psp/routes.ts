import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, unauthorized } from '../../plugins/errors.ts';
import { adyenNotificationSchema, hasValidHmac } from './adyen-notification.ts';
import type { PspIngestionService } from './service.ts';

export interface WebhookCredentials {
  hmacKey: string;
  username: string;
  password: string;
}

/** Constant-time comparison of two strings of any length (hashing first evens the lengths). */
function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

function hasBasicAuth(request: FastifyRequest, credentials: WebhookCredentials): boolean {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return false;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const userOk = sameSecret(decoded.slice(0, colon), credentials.username);
  const passwordOk = sameSecret(decoded.slice(colon + 1), credentials.password);
  return userOk && passwordOk;
}

/**
 * Adyen standard notifications (issue 11 §1): basic auth, then every item's HMAC with Adyen's validator; one
 * bad item refuses the whole delivery (401) before anything is stored. Answers `[accepted]` once every item is
 * stored and applied.
 */
export const pspRoutes: FastifyPluginAsyncZod<{
  service: PspIngestionService;
  credentials: WebhookCredentials;
}> = async (app, { service, credentials }) => {
  app.post(
    '/psp/adyen/notifications',
    {
      config: { access: { kind: 'public' } },
      // Before the body is validated: a caller without the credentials learns nothing about the format.
      preValidation: async (request) => {
        if (!hasBasicAuth(request, credentials)) throw unauthorized('Invalid notification credentials');
      },
      schema: {
        operationId: 'receiveAdyenNotifications',
        tags: ['psp'],
        summary: 'Adyen standard notification webhook (basic auth and HMAC-signed items)',
        security: [{ basicAuth: [] }],
        body: adyenNotificationSchema,
        response: {
          200: z.literal('[accepted]').describe('Every item stored and applied'),
          400: errorBodySchema,
          401: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const items = request.body.notificationItems.map((entry) => entry.NotificationRequestItem);
      if (!items.every((item) => hasValidHmac(item, credentials.hmacKey)))
        throw unauthorized('Invalid HMAC signature');
      const result = await service.ingest(items);
      request.log.info(
        { stored: result.stored, duplicates: result.duplicates, changed: result.changes.length },
        'psp: notifications ingested',
      );
      return reply
        .type('text/plain; charset=utf-8')
        .serializer((payload) => String(payload))
        .send('[accepted]');
    },
  );
};
