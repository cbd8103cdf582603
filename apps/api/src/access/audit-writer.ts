import type { AuditAction } from '@mp/domain/audit-actions';
import type { Clock } from '../clock.ts';
import { auditRepository } from '../modules/audit/repository.ts';
import type { MerchantAccessContext } from './route-access.ts';
import type { Tx } from './tenant-db.ts';

export interface AuditEvent {
  /** dotted verb, e.g. `user.invite`, `rates.update`, `merchant.block` (packages/domain/src/audit-actions.ts) */
  action: AuditAction;
  entityType?: string;
  entityId?: string;
  before?: unknown;
  after?: unknown;
}

/** The capacity an actor acted in (audit_log.acting_as). */
export function actingAs(context: Pick<MerchantAccessContext, 'isStaff' | 'override'>): string {
  if (!context.isStaff) return 'member';
  return context.override ? 'staff-override' : 'staff';
}

/**
 * Writes one audit entry in the caller's transaction, so the entry and the change commit or fail together
 * (issue 5: who, acting as whom, what, before and after, when, from which IP, which request).
 */
export async function recordAudit(
  tx: Tx,
  context: Pick<
    MerchantAccessContext,
    'merchantId' | 'actor' | 'isStaff' | 'override' | 'ip' | 'requestId' | 'userAgent'
  >,
  clock: Clock,
  event: AuditEvent,
): Promise<void> {
  await auditRepository.insert(tx, {
    merchantId: context.merchantId,
    actorUserId: context.actor.userId,
    actorEmail: context.actor.email,
    actingAs: actingAs(context),
    overrideId: context.override?.id ?? null,
    action: event.action,
    entityType: event.entityType ?? null,
    entityId: event.entityId ?? null,
    before: event.before ?? null,
    after: event.after ?? null,
    ip: context.ip,
    userAgent: context.userAgent,
    requestId: context.requestId,
    // Milliseconds, like the keyset cursor that pages through the log.
    at: clock.now(),
  });
}
