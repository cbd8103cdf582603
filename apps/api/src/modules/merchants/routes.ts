import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../access/route-access.ts';
import { actorOf } from '../../plugins/auth.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import { merchantIdParamsSchema, merchantSchema } from './schemas.ts';
import type { MerchantService } from './service.ts';

/**
 * The merchant views' 200 is written by `JSON.stringify` alone: `toMerchantView` builds each view field by field
 * from typed rows, so zod's encoding of it (its thirty permissions per merchant checked against the enum) checked
 * nothing a type does not (as the transactions list, decision 0107; test/merchants.test.ts holds every 200 to
 * `merchantSchema`). Every other status keeps zod's serializer.
 */
const viewSerializer = (route: { httpStatus?: string }) =>
  route.httpStatus === '200'
    ? (data: unknown) => JSON.stringify(data)
    : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);

export const merchantRoutes: FastifyPluginAsyncZod<{ service: MerchantService }> = async (
  app,
  { service },
) => {
  app.get(
    '/merchants',
    {
      config: { access: { kind: 'signed-in' } },
      serializerCompiler: viewSerializer,
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
      serializerCompiler: viewSerializer,
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
