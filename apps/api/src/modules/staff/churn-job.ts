import type { TenantDb } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import { defineJob } from '../../jobs/queue.ts';
import { auditRepository } from '../audit/repository.ts';
import { merchantRepository } from '../merchants/repository.ts';
import { staffRepository as repo } from './repository.ts';

export const CHURN_SWEEP_JOB = 'staff.apply-due-churns';

/**
 * Marks churned every merchant whose churn date has passed, one audit entry each; safe to run twice, at once too:
 * each merchant is checked again under its row lock, so a sweep that listed it before another churned it skips it.
 * A churned merchant cannot be deactivated (company settings), so nothing takes it out of `churned` for a later
 * sweep to churn it again.
 */
export async function applyDueChurns(deps: { tenantDb: TenantDb; clock: Clock }): Promise<number> {
  const { tenantDb, clock } = deps;
  const now = clock.now();
  const listed = await tenantDb.acrossMerchants((tx) => repo.dueChurns(tx, now));
  let churned = 0;
  for (const { id } of listed) {
    const done = await tenantDb.forMerchant(id, async (tx) => {
      const merchant = await merchantRepository.lockMerchant(tx, id);
      if (!merchant || !isDue(merchant, now)) return false;
      await merchantRepository.updateMerchant(tx, id, { status: 'churned', updatedAt: now });
      await auditRepository.insert(tx, {
        merchantId: id,
        actingAs: 'system',
        action: 'merchant.churned',
        entityType: 'merchant',
        entityId: id,
        before: { status: merchant.status },
        after: { status: 'churned' },
        at: now,
      });
      return true;
    });
    if (done) churned += 1;
  }
  return churned;
}

/** The condition of `dueChurns`, read again on the locked row. */
function isDue(merchant: { status: string; churnEffectiveAt: Date | null }, now: Date): boolean {
  return (
    merchant.status !== 'churned' &&
    merchant.churnEffectiveAt !== null &&
    merchant.churnEffectiveAt.getTime() <= now.getTime()
  );
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
