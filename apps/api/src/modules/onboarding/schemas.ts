import { onboardingShortcodeSchema } from '@mp/domain/schemas/company';
import { customerAccountBodySchema as domainBody, ONBOARDING_STEPS } from '@mp/domain/schemas/onboarding';
import { z } from 'zod';
import { ONBOARDING_APPLICATION_STATUSES } from '../../db/schema/onboarding.ts';

export const customerAccountBodySchema = domainBody;

export const industrySchema = z
  .object({ code: z.string(), name: z.string(), supported: z.boolean() })
  .meta({ id: 'Industry' });

export const industryCodeParamsSchema = z.object({ code: z.string().regex(/^\d{4}$/) });

export const validateIndustryBodySchema = z.object({
  legalEntityName: z.string().trim().min(1, { error: 'validation.required' }).max(200),
});

export const applicationSchema = z
  .object({
    applicationId: z.uuid(),
    status: z.enum(ONBOARDING_APPLICATION_STATUSES),
    email: z.string(),
    dealReference: z.string().nullable(),
    stepsDone: z.number().int(),
    data: z.record(z.string(), z.unknown()),
    merchantId: z.uuid().nullable(),
    hostedVerification: z
      .boolean()
      .describe(
        "Step 4 hands out a hosted verification link; false: the provider's team verifies the merchant and records the outcome",
      ),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'OnboardingApplication' });

export const startApplicationBodySchema = z.object({
  dealReference: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'validation.invalid' })
    .optional(),
});

export const resumeApplicationBodySchema = z.object({ shortcode: onboardingShortcodeSchema });

export const applicationStepParamsSchema = z.object({
  applicationId: z.uuid(),
  step: z.enum(ONBOARDING_STEPS),
});

export const saveStepBodySchema = z.object({ data: z.unknown() });

export const customerAccountResponseSchema = z.object({
  data: z.object({
    merchantId: z.uuid(),
    hostedOnboardingLink: z
      .url()
      .nullable()
      .describe("null when no hosted provider is configured: the provider's team verifies (decision 0137)"),
  }),
});

export const verificationLinkResponseSchema = z.object({
  data: z.object({ hostedOnboardingLink: z.url() }),
});
