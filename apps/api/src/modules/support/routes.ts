import { supportMessageSchema } from '@mp/domain/schemas/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import type { SupportService } from './service.ts';

const supportMessageBodySchema = supportMessageSchema.meta({ id: 'SupportMessage' });

/** The help panel's contact form (issue 14 §4): any signed-in user writes to support about one of their companies. */
export const supportRoutes: FastifyPluginAsyncZod<{ service: SupportService }> = async (app, { service }) => {
  app.post(
    '/v1/support/messages',
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        operationId: 'sendSupportMessage',
        tags: ['chat'],
        summary:
          'E-mails support (SUPPORT_EMAIL, reply-to the user) with the user and the company or site named, which ' +
          'must be one of theirs (404 otherwise); the user gets a confirmation in their language. Limited per user',
        body: supportMessageBodySchema,
        response: {
          202: z.object({ data: z.object({ reference: z.string(), sentAt: z.string() }) }),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const receipt = await service.send(actorOf(request), request.body);
      return reply.code(202).send({ data: receipt });
    },
  );
};
