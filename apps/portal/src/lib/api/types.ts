import type { MerchantPermissions } from '@mp/domain/permissions';

// TODO(openapi): re-export from ./generated/schema.d.ts once apps/api/openapi.json lists GET /api/merchants.
/** One item of GET /api/merchants (the brief's contract). */
export interface Merchant {
  merchantId: string;
  legalEntityName: string;
  status: 'active' | 'inactive' | 'churned' | 'blocked';
  kycOnboardingStatus: string;
  country: string;
  currency: string;
  timeZone: string;
  permissions: MerchantPermissions;
}
