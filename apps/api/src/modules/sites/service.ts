import { sitesWithPermission } from '@mp/domain/permissions';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import { isUuid, type TenantDb } from '../../access/tenant-db.ts';
import { type SiteSummaryRow, sitesRepository } from './repository.ts';

export function createSitesService(deps: { tenantDb: TenantDb }) {
  return {
    /**
     * The sites the actor may see: every site with Site:ListSites company-wide (owners, staff); otherwise the
     * sites they hold Site:GetSite on (a site manager's own sites, every site for `*`).
     */
    async list(access: MerchantAccessContext): Promise<SiteSummaryRow[]> {
      const listed = sitesWithPermission(access, 'Site:ListSites');
      const visible = listed === 'all' ? 'all' : sitesWithPermission(access, 'Site:GetSite');
      const ids = visible === 'all' ? undefined : visible.filter(isUuid);
      return deps.tenantDb.forMerchant(access.merchantId, (tx) =>
        sitesRepository.listSummaries(tx, access.merchantId, ids),
      );
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
