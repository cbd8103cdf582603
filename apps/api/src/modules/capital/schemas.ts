import { textRule } from '@mp/domain/rules/text';
import { z } from 'zod';

export const capitalRequestBodySchema = z
  .object({
    amount: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number of minor units' })
      .positive({ message: 'must be greater than 0' })
      .max(Number.MAX_SAFE_INTEGER, { message: 'is too large' })
      .describe('The offered amount the user accepted, in minor units: refused (409) if the offer changed'),
  })
  .strict();
export type CapitalRequestBody = z.infer<typeof capitalRequestBodySchema>;

export const capitalDecisionBodySchema = z
  .object({
    decision: z.enum(['approve', 'decline'], { message: 'must be approve or decline' }),
    reason: z
      .string({ message: 'must be text' })
      .trim()
      .min(1, { message: 'is required' })
      .max(500, { message: 'must be at most 500 characters' })
      .refine((value) => textRule(value, { multiline: true }) === undefined, {
        message: 'must not contain control characters',
      })
      .optional()
      .describe('Required to decline: what the merchant is told'),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.decision === 'decline' && !value.reason)
      context.addIssue({ code: 'custom', path: ['reason'], message: 'is required to decline' });
    if (value.decision === 'approve' && value.reason !== undefined)
      context.addIssue({ code: 'custom', path: ['reason'], message: 'is only given to decline' });
  });
export type CapitalDecisionBody = z.infer<typeof capitalDecisionBodySchema>;

export const capitalRequestSchema = z
  .object({
    requestId: z.uuid(),
    status: z.enum(['requested', 'approved', 'declined']),
    currency: z.string().length(3),
    amount: z.number().int(),
    fee: z.number().int(),
    repaymentBasisPoints: z.number().int().describe('Share of daily card takings repaid, in basis points'),
    volume90Days: z.number().int(),
    requestedBy: z.string().describe('E-mail of the person who requested'),
    requestedAt: z.string(),
    decidedAt: z.string().nullable(),
    declineReason: z.string().nullable(),
  })
  .meta({ id: 'CapitalRequest' });

export const capitalOfferSchema = z
  .object({
    currency: z.string().length(3),
    windowDays: z.number().int(),
    from: z.string().describe('First day of the window, YYYY-MM-DD in the merchant time zone'),
    to: z.string().describe('Last day of the window (yesterday)'),
    volume: z.number().int().describe('Captured card volume in the window, minor units'),
    threshold: z.number().int().describe('The least volume that earns an offer'),
    eligible: z.boolean(),
    reason: z.enum(['below-threshold', 'merchant-not-active']).nullable(),
    offer: z
      .object({
        amount: z.number().int(),
        fee: z.number().int(),
        totalRepayable: z.number().int(),
        repaymentBasisPoints: z.number().int(),
        estimatedRepaymentDays: z.number().int(),
      })
      .nullable(),
    openRequest: capitalRequestSchema.nullable(),
    latestRequest: capitalRequestSchema.nullable().describe('The newest request, open or decided'),
  })
  .meta({ id: 'CapitalOffer' });
