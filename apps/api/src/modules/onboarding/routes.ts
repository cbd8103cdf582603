import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../access/route-access.ts';
import { actorOf } from '../../plugins/auth.ts';
import { errorBodySchema } from '../../plugins/errors.ts';
import { merchantIdParamsSchema } from '../merchants/schemas.ts';
import {
  applicationSchema,
  applicationStepParamsSchema,
  customerAccountBodySchema,
  customerAccountResponseSchema,
  industryCodeParamsSchema,
  industrySchema,
  resumeApplicationBodySchema,
  saveStepBodySchema,
  startApplicationBodySchema,
  validateIndustryBodySchema,
  verificationLinkResponseSchema,
} from './schemas.ts';
import type { OnboardingService } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const onboardingRoutes: FastifyPluginAsyncZod<{ service: OnboardingService }> = async (
  app,
  { service },
) => {
  app.get(
    '/industries',
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        operationId: 'listIndustries',
        tags: ['onboarding'],
        summary: 'Industries a merchant can choose in onboarding (SPEC §7)',
        response: { 200: z.object({ data: z.array(industrySchema) }), 401: errorBodySchema },
      },
    },
    async () => ({ data: service.industries() }),
  );

  app.post(
    '/v1/industries/:code/validate',
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        operationId: 'validateIndustry',
        tags: ['onboarding'],
        summary: "Whether an industry is supported (422 with SPEC §5's message when not)",
        params: industryCodeParamsSchema,
        body: validateIndustryBodySchema,
        response: { 200: z.object({ data: industrySchema }), ...errors, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: service.validateIndustry(request.params.code) }),
  );

  app.get(
    '/v1/onboarding/applications/current',
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        operationId: 'getCurrentOnboardingApplication',
        tags: ['onboarding'],
        summary: "The signed-in user's application in progress (else the last submitted one), or null",
        response: { 200: z.object({ data: applicationSchema.nullable() }), 401: errorBodySchema },
      },
    },
    async (request) => ({ data: await service.current(actorOf(request)) }),
  );

  app.post(
    '/v1/onboarding/applications',
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        operationId: 'startOnboardingApplication',
        tags: ['onboarding'],
        summary: 'Start an application; its 6-digit shortcode is e-mailed to the user',
        body: startApplicationBodySchema,
        response: { 201: z.object({ data: applicationSchema }), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.start(actorOf(request), request.body) }),
  );

  app.post(
    '/v1/onboarding/applications/resume',
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        operationId: 'resumeOnboardingApplication',
        tags: ['onboarding'],
        summary: "Continue the user's application by its shortcode",
        body: resumeApplicationBodySchema,
        response: { 200: z.object({ data: applicationSchema }), ...errors },
      },
    },
    async (request) => ({ data: await service.resume(actorOf(request), request.body.shortcode) }),
  );

  app.put(
    '/v1/onboarding/applications/:applicationId/steps/:step',
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        operationId: 'saveOnboardingStep',
        tags: ['onboarding'],
        summary: 'Save one wizard step (company, payments or site) of the user’s application',
        params: applicationStepParamsSchema,
        body: saveStepBodySchema,
        response: { 200: z.object({ data: applicationSchema }), ...errors },
      },
    },
    async (request) => ({
      data: await service.saveStep(
        actorOf(request),
        request.params.applicationId,
        request.params.step,
        request.body.data,
      ),
    }),
  );

  app.post(
    '/v1/customer-accounts',
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        operationId: 'createCustomerAccount',
        tags: ['onboarding'],
        summary:
          'Create the merchant (pending verification) with its first site; returns the hosted KYC link (null ' +
          "when no hosted provider is configured: the provider's team verifies)",
        body: customerAccountBodySchema,
        response: { 201: customerAccountResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.createCustomerAccount(actorOf(request), request.body) }),
  );

  app.post(
    '/merchants/:id/verification-links',
    {
      config: { access: { kind: 'merchant', permissions: ['Company:AccessKyc'], scope: 'company' } },
      schema: {
        operationId: 'createVerificationLink',
        tags: ['onboarding'],
        summary:
          'A new hosted verification (KYC) link when the old one expired; 409 when verified, rejected, or when ' +
          "no hosted provider is configured (the provider's team verifies: KYC_REVIEWED_BY_STAFF)",
        params: merchantIdParamsSchema,
        response: { 201: verificationLinkResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.newVerificationLink(accessOf(request)) }),
  );
};
