import type { TenantDb } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import { defineJob } from '../../jobs/queue.ts';
import { auditRepository } from '../audit/repository.ts';
import { merchantRepository } from '../merchants/repository.ts';
import { staffRepository as repo } from './repository.ts';

export const CHURN_SWEEP_JOB = 'staff.apply-due-churns';

/** Marks churned every merchant whose churn date has passed, one audit entry each; safe to run twice. */
export async function applyDueChurns(deps: { tenantDb: TenantDb; clock: Clock }): Promise<number> {
  const { tenantDb, clock } = deps;
  const now = clock.now();
  const due = await tenantDb.acrossMerchants((tx) => repo.dueChurns(tx, now));
  for (const merchant of due) {
    await tenantDb.forMerchant(merchant.id, async (tx) => {
      await merchantRepository.updateMerchant(tx, merchant.id, { status: 'churned', updatedAt: now });
      await auditRepository.insert(tx, {
        merchantId: merchant.id,
        actingAs: 'system',
        action: 'merchant.churned',
        entityType: 'merchant',
        entityId: merchant.id,
        before: { status: merchant.status },
        after: { status: 'churned' },
        at: now,
      });
    });
  }
  return due.length;
}

/** SPEC §9 churn: the status follows the effective date; swept hourly by the job queue. */
export function churnSweepJob(deps: { tenantDb: TenantDb; clock: Clock }) {
  return defineJob({
    name: CHURN_SWEEP_JOB,
    schedule: { cron: '5 * * * *' },
    async work() {
      await applyDueChurns(deps);
    },
  });
}
