import { CURSOR_MAX_LENGTH } from '@mp/domain/cursor';
import { instantSchema } from '@mp/domain/schemas/date-range';
import { z } from 'zod';

export const AUDIT_PAGE_SIZE = 50;

export const auditEntrySchema = z
  .object({
    id: z.uuid(),
    at: z.string().describe('ISO 8601 instant (UTC)'),
    actor: z.object({ userId: z.string().nullable(), email: z.string().nullable() }),
    actingAs: z
      .string()
      .describe(
        '`member`, `staff`, `staff-override` (staff acting inside the merchant under an override) or `system`',
      ),
    overrideId: z.string().nullable(),
    action: z.string().describe('e.g. `user.invite`, `rates.update`, `merchant.block`, `staff.request`'),
    entityType: z.string().nullable(),
    entityId: z.string().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    ip: z.string().nullable(),
    requestId: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });

export const auditQuerySchema = z.object({
  from: instantSchema.optional().describe('Entries at or after this instant'),
  to: instantSchema.optional().describe('Entries at or before this instant'),
  actorId: z.uuid().optional().describe('Only entries by this user'),
  lastKey: z.string().max(CURSOR_MAX_LENGTH).optional().describe('The `lastKey` of the previous page'),
});

export const auditPageSchema = z.object({
  data: z.array(auditEntrySchema),
  lastKey: z.string().nullable().describe('Pass back to read the next page; null on the last page'),
});

export const staffAuditPeopleSchema = z.object({
  data: z.array(
    z
      .object({
        userId: z.uuid(),
        email: z.string().nullable(),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
      })
      .meta({ id: 'StaffAuditPerson' }),
  ),
});
