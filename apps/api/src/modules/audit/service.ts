import { createCursorCodec } from '@mp/domain/cursor';
import { translate } from '@mp/domain/messages';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import type { TenantDb } from '../../access/tenant-db.ts';
import { badRequest } from '../../plugins/errors.ts';
import { type AuditCursor, type AuditRow, auditRepository } from './repository.ts';
import { AUDIT_PAGE_SIZE } from './schemas.ts';

/** Keyset cursor of the audit log: the last entry's instant and id, refused unless this codec wrote it. */
const auditCursor = createCursorCodec('audit', ['date', 'uuid'] as const);

function encodeKey(row: AuditRow): string {
  return auditCursor.encode([row.at, row.id]);
}

function decodeKey(key: string): AuditCursor {
  const decoded = auditCursor.decode(key);
  if (!decoded) {
    throw badRequest('The request is not valid', [
      {
        field: 'lastKey',
        rule: 'validation.cursorInvalid',
        message: translate('validation.cursorInvalid', 'en-GB'),
      },
    ]);
  }
  const [at, id] = decoded;
  return { at, id };
}

export function toAuditEntry(row: AuditRow) {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { userId: row.actorUserId, email: row.actorEmail },
    actingAs: row.actingAs,
    overrideId: row.overrideId,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    requestId: row.requestId,
  };
}

interface AuditQuery {
  from?: string | undefined;
  to?: string | undefined;
  actorId?: string | undefined;
  lastKey?: string | undefined;
}

/** The query's filter and cursor; a "to" before "from" is refused (400 naming `to`). */
function readQuery(query: AuditQuery) {
  const filter = {
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    actorId: query.actorId,
  };
  if (filter.from && filter.to && filter.from > filter.to) {
    throw badRequest('The request is not valid', [
      { field: 'to', rule: 'validation.invalid', message: 'Invalid value' },
    ]);
  }
  return { filter, cursor: query.lastKey ? decodeKey(query.lastKey) : undefined };
}

/** One page of AUDIT_PAGE_SIZE from `rows` (read with one more, to know whether another page follows). */
function pageOf(rows: AuditRow[]) {
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    data: page.map(toAuditEntry),
    lastKey: rows.length > AUDIT_PAGE_SIZE && last ? encodeKey(last) : null,
  };
}

/**
 * Reading a merchant's audit log, and staff's own entries that belong to no merchant (newest first, keyset
 * pages). There is no way to change or remove entries.
 */
export function createAuditService(deps: { tenantDb: TenantDb }) {
  return {
    async list(access: MerchantAccessContext, query: AuditQuery) {
      const { filter, cursor } = readQuery(query);
      return pageOf(
        await deps.tenantDb.forMerchant(access.merchantId, (tx) =>
          auditRepository.list(tx, access.merchantId, filter, cursor, AUDIT_PAGE_SIZE + 1),
        ),
      );
    },

    /** Staff's searches across merchants and deals made before their merchant exists: the route is staff-only. */
    async listStaff(query: AuditQuery) {
      const { filter, cursor } = readQuery(query);
      return pageOf(
        await deps.tenantDb.withoutMerchant((tx) =>
          auditRepository.listStaff(tx, filter, cursor, AUDIT_PAGE_SIZE + 1),
        ),
      );
    },

    /** Who appears in staff's log: the choices of its person filter. The route is staff-only. */
    async listStaffPeople() {
      return {
        data: await deps.tenantDb.withoutMerchant((tx) => auditRepository.listStaffPeople(tx)),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
