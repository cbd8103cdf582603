import { KYC_ONBOARDING_STATUSES, MERCHANT_STATUSES } from '@mp/domain/enums';
import { COMPANY_PERMISSIONS } from '@mp/domain/permissions';
import { z } from 'zod';

export const permissionSchema = z.enum(COMPANY_PERMISSIONS).meta({ id: 'Permission' });

export const merchantPermissionsSchema = z
  .object({
    companyScoped: z.array(permissionSchema),
    siteScoped: z.array(
      z.object({
        siteId: z.string().describe('A site id, or `*` for every site of the merchant'),
        permissions: z.array(permissionSchema),
      }),
    ),
  })
  .meta({ id: 'MerchantPermissions' });

export const merchantSchema = z
  .object({
    merchantId: z.uuid(),
    legalEntityName: z.string(),
    entityType: z.string(),
    status: z.enum(MERCHANT_STATUSES),
    kycOnboardingStatus: z.enum(KYC_ONBOARDING_STATUSES),
    country: z.string().describe('ISO 3166-1 alpha-2'),
    currency: z.string().describe('ISO 4217'),
    timeZone: z.string().describe('IANA time zone'),
    stripeCustomerId: z.string().nullable(),
    requireTwoFactor: z
      .boolean()
      .describe('Issue 15: every user of this merchant must sign in with a second factor (set by an owner)'),
    permissions: merchantPermissionsSchema,
  })
  .meta({ id: 'Merchant' });

export const merchantIdParamsSchema = z.object({ id: z.string().describe('The merchant id') });
