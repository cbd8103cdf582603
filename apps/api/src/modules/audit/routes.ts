import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '../../access/route-access.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import { merchantPathSchema } from '../users/schemas.ts';
import { auditPageSchema, auditQuerySchema, staffAuditPeopleSchema } from './schemas.ts';
import type { AuditService } from './service.ts';

/**
 * The merchant's audit log, for company admins (User:ListUsers and Company:UpdateDetails company-wide, which
 * only CompanyOwner grants) and staff; and staff's own merchant-less entries, for staff. Read-only: no route
 * changes or removes entries.
 */
/** Both logs answer a page, a 400 naming the field, or 401/404 (a caller who may not read it learns nothing). */
const pageResponses = {
  200: auditPageSchema,
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
};

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
        response: pageResponses,
      },
    },
    async (request) => service.list(accessOf(request), request.query),
  );

  app.get(
    '/v1/staff/audit-log',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        operationId: 'listStaffAuditLog',
        tags: ['audit', 'staff'],
        summary:
          "Staff: staff's entries that belong to no merchant (searches across merchants, deals), newest first, " +
          'filtered by date and person',
        querystring: auditQuerySchema,
        response: pageResponses,
      },
    },
    async (request) => service.listStaff(request.query),
  );

  app.get(
    '/v1/staff/audit-log/people',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        operationId: 'listStaffAuditPeople',
        tags: ['audit', 'staff'],
        summary: "Staff: the people who appear in staff's audit log (its person filter), by name",
        response: { 200: staffAuditPeopleSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async () => service.listStaffPeople(),
  );
};
