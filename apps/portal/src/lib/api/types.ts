import type { MerchantPermissions } from '@mp/domain/permissions';
import type { ResponseData } from './operations.ts';

/**
 * One item of GET /api/merchants, from the generated OpenAPI schema. Permission names are narrowed to the
 * domain's union so the guards can check them (the server only ever sends those names).
 */
export type Merchant = Omit<ResponseData<'listMerchants'>[number], 'permissions'> & {
  permissions: MerchantPermissions;
};
