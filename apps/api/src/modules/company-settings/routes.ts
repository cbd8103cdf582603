import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../access/route-access.ts';
import { AppError, errorBodySchema } from '../../plugins/errors.ts';
import { merchantSchema } from '../merchants/schemas.ts';
import { merchantPathSchema } from '../users/schemas.ts';
import { associateQuerySchema, companyDetailsBodySchema, ratesBodySchema, ratesSchema } from './schemas.ts';
import type { CompanySettingsService } from './service.ts';

const denied = { 401: errorBodySchema, 404: errorBodySchema };
const merchantResponse = z.object({ data: merchantSchema });
const ratesResponse = z.object({ data: ratesSchema });

/** Company settings (issue 5): company details, rates (read by owners, changed by staff), deactivation. */
export const companySettingsRoutes: FastifyPluginAsyncZod<{ service: CompanySettingsService }> = async (
  app,
  { service },
) => {
  app.put(
    '/v1/merchants/:id',
    {
      config: {
        access: { kind: 'merchant', permissions: ['Company:UpdateDetails'], scope: 'company', audited: true },
      },
      schema: {
        operationId: 'updateCompanyDetails',
        tags: ['company-settings'],
        summary: 'Change the company details (legal name, registration and VAT numbers, industry)',
        params: merchantPathSchema,
        body: companyDetailsBodySchema,
        response: { 200: merchantResponse, 400: errorBodySchema, ...denied },
      },
    },
    async (request) => ({ data: await service.updateDetails(accessOf(request), request.body) }),
  );

  app.get(
    '/v1/merchants/:id/rates',
    {
      config: { access: { kind: 'merchant', permissions: ['Company:GetRates'], scope: 'company' } },
      schema: {
        operationId: 'getRates',
        tags: ['company-settings'],
        summary:
          "The merchant's current rates, discounts, monthly fees, credits, fee destination and trading hours",
        params: merchantPathSchema,
        response: { 200: ratesResponse, ...denied },
      },
    },
    async (request) => ({ data: await service.readRates(accessOf(request)) }),
  );

  app.put(
    '/v1/merchants/:id/rates',
    {
      config: {
        access: { kind: 'merchant', permissions: [], scope: 'company', staffOnly: true, audited: true },
      },
      schema: {
        operationId: 'updateRates',
        tags: ['company-settings'],
        summary: 'Staff: replace the rates (once per day in the merchant time zone, else 409)',
        params: merchantPathSchema,
        body: ratesBodySchema,
        response: { 200: ratesResponse, 400: errorBodySchema, ...denied, 409: errorBodySchema },
      },
    },
    async (request) => ({ data: await service.updateRates(accessOf(request), request.body) }),
  );

  app.post(
    '/v1/merchants/:id/rates/associate',
    {
      config: {
        access: { kind: 'merchant', permissions: [], scope: 'company', staffOnly: true, audited: true },
      },
      schema: {
        operationId: 'associateDeal',
        tags: ['company-settings'],
        summary:
          'Staff: the deal becomes the rates from today (a new version, un-signed until signed again); 409 when the rates changed today',
        params: merchantPathSchema,
        querystring: associateQuerySchema,
        response: { 200: ratesResponse, 400: errorBodySchema, ...denied, 409: errorBodySchema },
      },
    },
    async (request) => ({
      data: await service.associateDeal(accessOf(request), request.query.dealReference),
    }),
  );

  app.put(
    '/v1/merchants/:id/two-factor-requirement',
    {
      config: {
        access: { kind: 'merchant', permissions: ['Company:UpdateDetails'], scope: 'company', audited: true },
      },
      schema: {
        operationId: 'setTwoFactorRequirement',
        tags: ['company-settings'],
        summary:
          'Owners: require two-factor sign-in for every user of this merchant (sessions without a second factor ' +
          'get 403 SECOND_FACTOR_REQUIRED on its routes). Turning it on needs a session that passed a second factor ' +
          'itself (403 OWN_SECOND_FACTOR_REQUIRED), so an owner never locks everyone out behind a rule they do not meet',
        params: merchantPathSchema,
        body: z.object({ required: z.boolean() }).strict(),
        response: { 200: merchantResponse, 400: errorBodySchema, ...denied },
      },
    },
    async (request) => {
      // As GitHub asks of an organisation's owner: the rule is yours before it is everyone's.
      if (request.body.required && !request.actor?.secondFactor)
        throw new AppError(
          403,
          'OWN_SECOND_FACTOR_REQUIRED',
          'Set up two-factor sign-in for yourself, and sign in with it, before requiring it of every user.',
        );
      return { data: await service.setTwoFactorRequirement(accessOf(request), request.body.required) };
    },
  );

  app.post(
    '/v1/merchants/:id/deactivate',
    {
      config: {
        access: { kind: 'merchant', permissions: ['Company:Deactivate'], scope: 'company', audited: true },
      },
      schema: {
        operationId: 'deactivateCompany',
        tags: ['company-settings'],
        summary: 'Deactivate the company (status becomes inactive)',
        params: merchantPathSchema,
        response: { 200: merchantResponse, ...denied, 409: errorBodySchema },
      },
    },
    async (request) => ({ data: await service.deactivate(accessOf(request)) }),
  );
};
