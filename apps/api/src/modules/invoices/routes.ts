import { oneOffInvoiceSchema } from '@mp/domain/schemas/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../access/route-access.ts';
import { errorBodySchema, idempotencyKeyHeaders } from '../../plugins/errors.ts';
import { merchantIdParamsSchema } from '../merchants/schemas.ts';
import { invoiceDetailSchema, invoicePathSchema, invoicePdfQuerySchema, invoiceSchema } from './schemas.ts';
import type { InvoicesService } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const access = { kind: 'merchant', permissions: ['Billing:ListInvoices'], scope: 'company' } as const;
/** Staff only (with a second factor); everyone else gets 404. The service writes the audit entry. */
const staffAccess = {
  kind: 'merchant',
  permissions: [],
  scope: 'company',
  staffOnly: true,
  audited: true,
} as const;

/** Invoices (issue 13 §1): built monthly by the invoice jobs (src/jobs), read here. */
export const invoicesRoutes: FastifyPluginAsyncZod<{ service: InvoicesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/v1/merchants/:id/invoices',
    {
      config: { access },
      schema: {
        operationId: 'listInvoices',
        tags: ['billing'],
        summary: "The merchant's invoices, newest month first",
        params: merchantIdParamsSchema,
        response: { 200: z.object({ data: z.array(invoiceSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await service.list(accessOf(request)) }),
  );

  app.post(
    '/v1/merchants/:id/invoices/one-off',
    {
      config: { access: staffAccess },
      schema: {
        operationId: 'raiseOneOffInvoice',
        tags: ['billing', 'staff'],
        summary:
          'Staff: raise a one-off invoice on the merchant (display type yeti_invoice): 1–20 lines of description ' +
          'and net amount in minor units, VAT by the merchant country; collected like the monthly invoice',
        params: merchantIdParamsSchema,
        headers: idempotencyKeyHeaders(
          'The same key with the same lines answers the invoice it raised and raises nothing more (header ' +
            'Idempotent-Replayed); the same key with other lines is refused (422); a key lasts 24 hours',
        ),
        body: oneOffInvoiceSchema,
        response: {
          201: z.object({ data: invoiceDetailSchema }),
          ...errors,
          422: errorBodySchema.describe('The Idempotency-Key was used with other lines'),
        },
      },
    },
    async (request, reply) => {
      const { created, invoice } = await service.raiseOneOff(
        accessOf(request),
        request.body,
        request.headers['idempotency-key'],
      );
      if (!created) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ data: invoice });
    },
  );

  app.get(
    '/v1/merchants/:id/invoices/:invoiceId',
    {
      config: { access },
      schema: {
        operationId: 'getInvoice',
        tags: ['billing'],
        summary: 'One invoice with its lines',
        params: invoicePathSchema,
        response: { 200: z.object({ data: invoiceDetailSchema }), ...errors },
      },
    },
    async (request) => ({ data: await service.detail(accessOf(request), request.params.invoiceId) }),
  );

  app.get(
    '/v1/merchants/:id/invoices/:invoiceId/pdf',
    {
      config: { access },
      schema: {
        operationId: 'getInvoicePdf',
        tags: ['billing'],
        summary: 'The invoice as a PDF (application/pdf), in the given language',
        params: invoicePathSchema,
        querystring: invoicePdfQuerySchema,
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await service.renderPdf(
        accessOf(request),
        request.params.invoiceId,
        request.query.locale ?? 'en-GB',
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/v1/merchants/:id/invoices/:invoiceId/site-breakdown',
    {
      config: { access },
      schema: {
        operationId: 'getInvoiceSiteBreakdown',
        tags: ['billing'],
        summary:
          "A monthly invoice's per-site breakdown as CSV (text/csv; SPEC §3 display type per_site_breakdown_csv)",
        params: invoicePathSchema,
        response: { 200: z.any().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const { number, csv } = await service.siteBreakdownCsv(accessOf(request), request.params.invoiceId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${number}-sites.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
