import { createReportSchema } from '@mp/domain/schemas/report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '../../access/route-access.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import { payoutPathSchema } from '../payouts/schemas.ts';
import { merchantPathSchema } from '../users/schemas.ts';
import {
  reportCreatedSchema,
  reportDownloadSchema,
  reportListQuerySchema,
  reportPageSchema,
  reportPathSchema,
} from './schemas.ts';
import type { ReportsService } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** SPEC §7 Payouts and reports: request a report, list them, download one, and a payout's detail report. */
export const reportsRoutes: FastifyPluginAsyncZod<{ service: ReportsService }> = async (app, { service }) => {
  app.get(
    '/v1/merchants/:id/reports',
    {
      config: { access: { kind: 'merchant', permissions: ['Report:ListReports'], scope: 'any-site' } },
      schema: {
        operationId: 'listReports',
        tags: ['reports'],
        summary: 'Reports the caller may see (every site they cover held), newest first',
        params: merchantPathSchema,
        querystring: reportListQuerySchema,
        response: { 200: reportPageSchema, ...errors },
      },
    },
    async (request) => service.list(accessOf(request), request.query),
  );

  app.post(
    '/v1/merchants/:id/reports',
    {
      // With a siteId, Report:CreateReport on that site; without one, on any site (the report covers those).
      config: { access: { kind: 'merchant', permissions: ['Report:CreateReport'], scope: 'site' } },
      schema: {
        operationId: 'createReport',
        tags: ['reports'],
        summary:
          'Request a transactions (date range ≤ 6 months or PSP references) or payouts (≤ 1 year) report; made by a job',
        params: merchantPathSchema,
        body: createReportSchema,
        response: { 202: reportCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ data: await service.create(accessOf(request), request.body) }),
  );

  app.get(
    '/v1/merchants/:id/reports/:reportId/download',
    {
      config: { access: { kind: 'merchant', permissions: ['Report:DownloadReport'], scope: 'any-site' } },
      schema: {
        operationId: 'downloadReport',
        tags: ['reports'],
        summary: "A short-lived signed URL of a READY report's CSV, which the portal then fetches as a file",
        params: reportPathSchema,
        response: { 200: reportDownloadSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => ({ data: await service.download(accessOf(request), request.params.reportId) }),
  );

  app.post(
    '/v1/merchants/:id/payouts/:payoutId/report',
    {
      config: {
        access: {
          kind: 'merchant',
          permissions: ['Payout:GetPayout', 'Report:CreateReport'],
          scope: 'any-site',
        },
      },
      schema: {
        operationId: 'createPayoutReport',
        tags: ['reports'],
        summary: 'Request a payoutDetail report: every ledger entry of the payout',
        params: payoutPathSchema,
        response: { 202: reportCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send({ data: await service.createForPayout(accessOf(request), request.params.payoutId) }),
  );
};
