import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../access/route-access.ts';
import { actorOf } from '../../plugins/auth.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import { merchantIdParamsSchema, merchantSchema } from './schemas.ts';
import type { MerchantService } from './service.ts';

export const merchantRoutes: FastifyPluginAsyncZod<{ service: MerchantService }> = async (
  app,
  { service },
) => {
  app.get(
    '/merchants',
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        operationId: 'listMerchants',
        tags: ['merchants'],
        summary: "The signed-in user's merchants with their permissions at each",
        response: { 200: z.object({ data: z.array(merchantSchema) }), 401: errorBodySchema },
      },
    },
    async (request) => ({ data: await service.listForActor(actorOf(request)) }),
  );

  app.get(
    '/v1/merchants/:id',
    {
      // Any member (or staff): the declarative check of src/access answers 404 to anyone else.
      config: { access: { kind: 'merchant', permissions: [], scope: 'company' } },
      schema: {
        operationId: 'getMerchant',
        tags: ['merchants'],
        summary: 'One merchant the signed-in user belongs to (any merchant for staff)',
        params: merchantIdParamsSchema,
        response: { 200: z.object({ data: merchantSchema }), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => ({ data: service.viewOf(accessOf(request)) }),
  );
};
