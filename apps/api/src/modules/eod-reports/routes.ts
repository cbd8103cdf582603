import { createEodReportSchema } from '@mp/domain/schemas/eod-report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../access/route-access.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import { merchantPathSchema } from '../users/schemas.ts';
import {
  eodReportCreatedSchema,
  eodReportDownloadQuerySchema,
  eodReportListQuerySchema,
  eodReportPageSchema,
  eodReportPathSchema,
  eodReportSchema,
} from './schemas.ts';
import type { EodReportsService } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/**
 * Issue 12 §4 end-of-day reports (EODReport:ListReports / EODReport:CreateReports): list, one report, ask for a
 * day, and the report as PDF or CSV. The portal's /eod-reports and the companion app's /native-app/eod-reports
 * read the same calls.
 */
export const eodReportsRoutes: FastifyPluginAsyncZod<{ service: EodReportsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/v1/merchants/:id/eod-reports',
    {
      // The named site with a siteId; without one any site, and the service narrows to the caller's sites.
      config: { access: { kind: 'merchant', permissions: ['EODReport:ListReports'], scope: 'site' } },
      schema: {
        operationId: 'listEodReports',
        tags: ['eod-reports'],
        summary:
          'End-of-day reports, newest trading day first, of one site or every site the caller may list',
        params: merchantPathSchema,
        querystring: eodReportListQuerySchema,
        response: { 200: eodReportPageSchema, ...errors },
      },
    },
    async (request) => service.list(accessOf(request), request.query),
  );

  app.post(
    '/v1/merchants/:id/eod-reports',
    {
      config: { access: { kind: 'merchant', permissions: ['EODReport:CreateReports'], scope: 'site' } },
      schema: {
        operationId: 'createEodReport',
        tags: ['eod-reports'],
        summary: "Make (or remake) one site's end-of-day report of a closed trading day; made by a job",
        params: merchantPathSchema,
        body: createEodReportSchema,
        response: { 202: eodReportCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ data: await service.create(accessOf(request), request.body) }),
  );

  app.get(
    '/v1/merchants/:id/eod-reports/:eodReportId',
    {
      config: { access: { kind: 'merchant', permissions: ['EODReport:ListReports'], scope: 'any-site' } },
      schema: {
        operationId: 'getEodReport',
        tags: ['eod-reports'],
        summary: 'One end-of-day report with its figures',
        params: eodReportPathSchema,
        response: { 200: z.object({ data: eodReportSchema }), ...errors },
      },
    },
    async (request) => ({ data: await service.get(accessOf(request), request.params.eodReportId) }),
  );

  app.get(
    '/v1/merchants/:id/eod-reports/:eodReportId/download',
    {
      config: { access: { kind: 'merchant', permissions: ['EODReport:ListReports'], scope: 'any-site' } },
      schema: {
        operationId: 'downloadEodReport',
        tags: ['eod-reports'],
        summary: 'The end-of-day report as a PDF (application/pdf) or CSV (text/csv), in the given language',
        params: eodReportPathSchema,
        querystring: eodReportDownloadQuerySchema,
        response: { 200: z.any().describe('The file'), 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.file(
        accessOf(request),
        request.params.eodReportId,
        request.query.format,
        request.query.locale ?? 'en-GB',
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
