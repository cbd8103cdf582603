import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import type { ChatIdentityService } from './identity.ts';

const chatIdentityQuerySchema = z.object({
  client: z.enum(['web'], { message: 'must be web' }).default('web'),
});

const chatIdentityResponseSchema = z.object({
  data: z.object({
    provider: z
      .enum(['intercom', 'embedded'])
      .describe('intercom: start Intercom with appId; embedded: help panel'),
    appId: z.string().nullable(),
    userId: z.string(),
    userHash: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});

/** The chat widget's identity for the signed-in user (issue 14 §4); any signed-in user asks for their own. */
export const chatRoutes: FastifyPluginAsyncZod<{ identity: ChatIdentityService }> = async (
  app,
  { identity },
) => {
  app.get(
    '/v1/chat/identity',
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        operationId: 'getChatIdentity',
        tags: ['chat'],
        summary:
          "The customer-chat identity of the signed-in user: userHash is HMAC-SHA256 of the user's id with the " +
          'server secret (Intercom identity verification)',
        querystring: chatIdentityQuerySchema,
        response: { 200: chatIdentityResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ data: identity.forUser(actorOf(request).userId) }),
  );
};
