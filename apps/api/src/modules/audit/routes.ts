import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '../../access/route-access.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import { merchantPathSchema } from '../users/schemas.ts';
import { auditPageSchema, auditQuerySchema } from './schemas.ts';
import type { AuditService } from './service.ts';

/**
 * The merchant's audit log, for company admins (User:ListUsers and Company:UpdateDetails company-wide, which
 * only CompanyOwner grants) and staff. Read-only: no route changes or removes entries.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService }> = async (app, { service }) => {
  app.get(
    '/v1/merchants/:id/audit-log',
    {
      config: {
        access: {
          kind: 'merchant',
          permissions: ['User:ListUsers', 'Company:UpdateDetails'],
          scope: 'company',
        },
      },
      schema: {
        operationId: 'listAuditLog',
        tags: ['audit'],
        summary: "The merchant's audit log, newest first, filtered by date and person",
        params: merchantPathSchema,
        querystring: auditQuerySchema,
        response: {
          200: auditPageSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => service.list(accessOf(request), request.query),
  );
};
