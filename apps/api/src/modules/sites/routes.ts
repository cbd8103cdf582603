import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../access/route-access.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import { merchantPathSchema } from '../users/schemas.ts';
import type { SitesService } from './service.ts';

export const siteSummarySchema = z
  .object({ siteId: z.uuid(), name: z.string(), displayName: z.string().nullable() })
  .meta({ id: 'SiteSummary' });

/** SPEC §7 Sites (the list the users screens pick site roles from). */
export const sitesRoutes: FastifyPluginAsyncZod<{ service: SitesService }> = async (app, { service }) => {
  app.get(
    '/merchants/:id/sites',
    {
      // Any member: company-wide Site:ListSites sees every site, a site manager only their own (service).
      config: { access: { kind: 'merchant', permissions: [], scope: 'company' } },
      schema: {
        operationId: 'listSites',
        tags: ['sites'],
        summary: "The merchant's sites the caller may see (all with Site:ListSites, else their own)",
        params: merchantPathSchema,
        response: {
          200: z.object({ data: z.array(siteSummarySchema) }),
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await service.list(accessOf(request)) }),
  );
};
