import { createHash } from 'node:crypto';
import { DEVICE_DOCK_PRICE } from '@mp/domain/constants';
import { DEVICE_MODELS, type TransactionStatus } from '@mp/domain/enums';
import { type MessageKey, translate } from '@mp/domain/messages';
import { sitesWithPermission } from '@mp/domain/permissions';
import type { DeviceOrderInput } from '@mp/domain/schemas/devices';
import { firstDeliveryDate } from '@mp/domain/schemas/devices';
import { calendarDateIn } from '@mp/domain/trading-day';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../access/audit-writer.ts';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import { isUuid, type TenantDb, type Tx } from '../../access/tenant-db.ts';
import type { Mailer } from '../../adapters/mail/mail-port.ts';
import { hashDeviceCode } from '../../adapters/terminals/terminal-stock.ts';
import type { Clock } from '../../clock.ts';
import { AppError, idempotencyKeyLapsed, idempotencyKeyReused, notFound } from '../../plugins/errors.ts';
import { isUniqueViolation } from '../transactions/refunds-repository.ts';
import { orderConfirmationEmail } from './order-email.ts';
import { type DeviceListRow, type DeviceRow, devicesRepository as repo } from './repository.ts';

export const DEVICES_PAGE_SIZE = 20;
export const RECENT_TRANSACTIONS = 10;
/** Wrong codes a merchant may try in the window before being told to wait (ours). */
export const ASSIGN_MAX_FAILED_TRIES = 5;
export const ASSIGN_TRY_WINDOW_MS = 15 * 60 * 1000;

const deviceNotFound = () => notFound('Device not found');
const fail = (status: number, code: string, key: MessageKey) =>
  new AppError(status, code, translate(key, 'en-GB'));

/** An order as the API answers it. */
export interface OrderView {
  orderId: string;
  state: string;
  lines: {
    kind: string;
    model: string;
    quantity: number;
    unitAmount: number;
    billing: string;
    currency: string;
  }[];
  monthlyTotal: { amount: number; currency: string };
  outrightTotal: { amount: number; currency: string };
  firstDeliveryDate: string;
  createdAt: string;
}

/**
 * The order an Idempotency-Key made, as it was answered (its lines in the order the request listed them), while
 * the key lasts; an expired key is freed. Another order under the key is refused.
 */
async function orderOfKey(
  tx: Tx,
  merchantId: string,
  idempotencyKey: string,
  requestHash: string,
  input: DeviceOrderInput,
  now: Date,
): Promise<OrderView | undefined> {
  const found = await repo.orderByKey(tx, merchantId, idempotencyKey);
  if (!found) return undefined;
  const { order, lines } = found;
  if (idempotencyKeyLapsed(order.createdAt, now)) {
    await repo.releaseOrderKey(tx, merchantId, order.id);
    return undefined;
  }
  if (order.requestHash !== requestHash) throw idempotencyKeyReused('order');
  const position = (line: { kind: string; model: string }) =>
    input.lines.findIndex((asked) => asked.model === line.model) * 2 + (line.kind === 'dock' ? 1 : 0);
  return {
    orderId: order.id,
    state: order.state,
    lines: [...lines]
      .sort((a, b) => position(a) - position(b))
      .map(({ kind, model, quantity, unitAmount, billing, currency }) => ({
        kind,
        model,
        quantity,
        unitAmount,
        billing,
        currency,
      })),
    monthlyTotal: { amount: order.monthlyTotal, currency: order.currency },
    outrightTotal: { amount: order.outrightTotal, currency: order.currency },
    firstDeliveryDate: order.firstDeliveryDate,
    createdAt: order.createdAt.toISOString(),
  };
}

/** SPEC §8 "Order blocked by": each with its own code and message (a staff block reads as deactivated). */
export const ORDER_BLOCKERS = {
  ACCOUNT_DEACTIVATED: 'validation.deviceOrderAccountDeactivated',
  NO_DEAL: 'validation.deviceOrderNoDeal',
  DEAL_NOT_SIGNED: 'validation.deviceOrderDealNotSigned',
  NO_PAYMENT_METHOD: 'validation.deviceOrderNoPaymentMethod',
} as const satisfies Record<string, MessageKey>;
export type OrderBlocker = keyof typeof ORDER_BLOCKERS;

function toDeviceView(
  row: DeviceRow & Partial<Pick<DeviceListRow, 'siteName' | 'lastAmount' | 'lastCurrency'>>,
) {
  return {
    deviceId: row.id,
    siteId: row.siteId,
    siteName: row.siteName ?? null,
    serial: row.serial,
    label: row.label,
    model: row.model as (typeof DEVICE_MODELS)[number]['id'],
    firmwareVersion: row.firmwareVersion,
    lastTransactionAt: row.lastTransactionAt?.toISOString() ?? null,
    lastTransactionAmount:
      row.lastAmount != null && row.lastCurrency
        ? { amount: row.lastAmount, currency: row.lastCurrency }
        : null,
    lastActivityAt: row.lastActivityAt?.toISOString() ?? null,
    assignedAt: row.assignedAt?.toISOString() ?? null,
  };
}

export function createDevicesService(deps: {
  tenantDb: TenantDb;
  clock: Clock;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { tenantDb, clock } = deps;

  /** The blockers of SPEC §8 in order, and the prices the order form shows. */
  async function orderContext(access: MerchantAccessContext) {
    const facts = await tenantDb.forMerchant(access.merchantId, (tx) =>
      repo.orderFacts(tx, access.merchantId),
    );
    // A staff block is not active either (as capital reads it): it orders nothing until lifted.
    const blocker: OrderBlocker | null =
      access.merchant.status !== 'active' || access.merchant.blocked
        ? 'ACCOUNT_DEACTIVATED'
        : !facts.rates
          ? 'NO_DEAL'
          : !facts.dealSigned
            ? 'DEAL_NOT_SIGNED'
            : !facts.hasPaymentMethod
              ? 'NO_PAYMENT_METHOD'
              : null;
    const currency = facts.rates?.currency ?? access.merchant.currency;
    const today = calendarDateIn(clock.now(), access.merchant.timeZone);
    return {
      blocker,
      currency,
      monthlyRental: facts.rates?.deviceRentalMonthly ?? null,
      // SPEC §9: the dock is £9.99 outright; shown in the merchant's currency (DESIGN §4: price lists).
      dockPrice: { amount: DEVICE_DOCK_PRICE.amount, currency },
      firstDeliveryDate: firstDeliveryDate(today),
    };
  }

  return {
    /** GET /merchants/{id}/devices: a page; a site manager's list holds only their sites' devices. */
    async list(
      access: MerchantAccessContext,
      query: { siteId?: string; pageNumber: number; search?: string },
    ) {
      const allowed = sitesWithPermission(access, 'Device:ListDevices');
      let siteIds: string[] | undefined = allowed === 'all' ? undefined : allowed.filter(isUuid);
      if (query.siteId)
        siteIds = isUuid(query.siteId) && (!siteIds || siteIds.includes(query.siteId)) ? [query.siteId] : [];
      const { rows, total } = await tenantDb.forMerchant(access.merchantId, (tx) =>
        repo.page(tx, access.merchantId, {
          ...(siteIds ? { siteIds } : {}),
          ...(query.search ? { search: query.search } : {}),
          limit: DEVICES_PAGE_SIZE,
          offset: (query.pageNumber - 1) * DEVICES_PAGE_SIZE,
        }),
      );
      return {
        data: rows.map(toDeviceView),
        pageNumber: query.pageNumber,
        pageSize: DEVICES_PAGE_SIZE,
        total,
      };
    },

    async get(access: MerchantAccessContext, siteId: string, deviceId: string) {
      return tenantDb.forMerchant(access.merchantId, async (tx) => {
        const row =
          isUuid(siteId) && isUuid(deviceId)
            ? await repo.find(tx, access.merchantId, siteId, deviceId)
            : undefined;
        if (!row) throw deviceNotFound();
        const recent = await repo.recentTransactions(tx, access.merchantId, row.id, RECENT_TRANSACTIONS);
        return {
          ...toDeviceView(row),
          recentTransactions: recent.map((t) => ({
            ...t,
            // transactions.status holds only the statuses of SPEC §3 (a check constraint of the table).
            status: t.status as TransactionStatus,
            createdAt: t.createdAt.toISOString(),
          })),
        };
      });
    },

    async rename(access: MerchantAccessContext, siteId: string, deviceId: string, label: string) {
      return tenantDb.forMerchant(access.merchantId, async (tx) => {
        const before =
          isUuid(siteId) && isUuid(deviceId)
            ? await repo.find(tx, access.merchantId, siteId, deviceId)
            : undefined;
        if (!before) throw deviceNotFound();
        const row = await repo.setLabel(tx, access.merchantId, before.id, label, clock.now());
        await recordAudit(tx, access, clock, {
          action: 'device.rename',
          entityType: 'device',
          entityId: row.id,
          before: { label: before.label },
          after: { label: row.label },
        });
        return toDeviceView({ ...row, siteName: before.siteName });
      });
    },

    async orderOptions(access: MerchantAccessContext) {
      const context = await orderContext(access);
      return {
        models: DEVICE_MODELS.map((model) => ({
          model: model.id,
          printer: model.printer,
          weightGrams: model.weightGrams,
          screenInches: model.screenInches,
          monthlyRental:
            context.monthlyRental === null
              ? null
              : { amount: context.monthlyRental, currency: context.currency },
        })),
        dockPrice: context.dockPrice,
        firstDeliveryDate: context.firstDeliveryDate,
        blockedBy: context.blocker,
        blockedMessage: context.blocker ? translate(ORDER_BLOCKERS[context.blocker], 'en-GB') : null,
      };
    },

    /**
     * POST /merchants/{id}/devices: stored with its lines, state `placed`, confirmed by e-mail. With an
     * Idempotency-Key (refunds' semantics): the same key and order answer the order it made (`created` false, no
     * second e-mail), also when both arrive at once; the same key with another order is refused (422); a key
     * lasts 24 hours.
     */
    async order(
      access: MerchantAccessContext,
      input: DeviceOrderInput,
      idempotencyKey?: string,
    ): Promise<{ created: boolean; order: OrderView }> {
      const requestHash = idempotencyKey
        ? createHash('sha256').update(JSON.stringify(input)).digest('hex')
        : null;
      const repeat = async () =>
        idempotencyKey && requestHash
          ? tenantDb.forMerchant(access.merchantId, (tx) =>
              orderOfKey(tx, access.merchantId, idempotencyKey, requestHash, input, clock.now()),
            )
          : undefined;
      const earlier = await repeat();
      if (earlier) return { created: false, order: earlier };

      const context = await orderContext(access);
      if (context.blocker)
        throw fail(409, `ORDER_BLOCKED_${context.blocker}`, ORDER_BLOCKERS[context.blocker]);
      const monthly = context.monthlyRental ?? 0;
      const lines = input.lines.flatMap((line) => [
        ...(line.quantity > 0
          ? [
              {
                kind: 'device',
                model: line.model,
                quantity: line.quantity,
                unitAmount: monthly,
                billing: 'monthly',
              },
            ]
          : []),
        ...(line.docks > 0
          ? [
              {
                kind: 'dock',
                model: line.model,
                quantity: line.docks,
                unitAmount: context.dockPrice.amount,
                billing: 'outright',
              },
            ]
          : []),
      ]);
      const monthlyTotal = lines
        .filter((l) => l.billing === 'monthly')
        .reduce((sum, l) => sum + l.quantity * l.unitAmount, 0);
      const outrightTotal = lines
        .filter((l) => l.billing === 'outright')
        .reduce((sum, l) => sum + l.quantity * l.unitAmount, 0);
      const now = clock.now();
      let userLocale: string | undefined;
      const place = () =>
        tenantDb.forMerchant(access.merchantId, async (tx) => {
          if (input.siteId && !(await repo.siteExists(tx, access.merchantId, input.siteId)))
            throw notFound('Site not found');
          userLocale = await repo.userLocale(tx, access.actor.userId);
          const row = await repo.insertOrder(
            tx,
            {
              merchantId: access.merchantId,
              siteId: input.siteId ?? null,
              contactName: input.contactName,
              contactPhone: input.contactPhone,
              deliveryAddress: input.deliveryAddress as Record<string, string>,
              firstDeliveryDate: context.firstDeliveryDate,
              currency: context.currency,
              monthlyTotal,
              outrightTotal,
              termsAgreedAt: now,
              orderedBy: access.actor.userId,
              idempotencyKey: idempotencyKey ?? null,
              requestHash,
              createdAt: now,
              updatedAt: now,
            },
            lines.map((line) => ({ ...line, merchantId: access.merchantId, currency: context.currency })),
          );
          await recordAudit(tx, access, clock, {
            action: 'device.order',
            entityType: 'device-order',
            entityId: row.id,
            after: { lines, monthlyTotal, outrightTotal, currency: context.currency },
          });
          return row;
        });
      let order: Awaited<ReturnType<typeof place>>;
      try {
        order = await place();
      } catch (error) {
        // The same key at once (a double submit): the one that lost answers the order the other made.
        const made = idempotencyKey && isUniqueViolation(error) ? await repeat() : undefined;
        if (made) return { created: false, order: made };
        throw error;
      }
      const view: OrderView = {
        orderId: order.id,
        state: order.state,
        lines: lines.map((l) => ({ ...l, currency: context.currency })),
        monthlyTotal: { amount: monthlyTotal, currency: context.currency },
        outrightTotal: { amount: outrightTotal, currency: context.currency },
        firstDeliveryDate: order.firstDeliveryDate,
        createdAt: order.createdAt.toISOString(),
      };
      // After the commit: a lost e-mail must not undo a placed order (the order is the record), nor answer an
      // error for it, which would have the merchant order again. It is logged; the order shows in the portal.
      try {
        await deps.mailer.send(orderConfirmationEmail(access.actor.email, userLocale, view, input));
      } catch (error) {
        deps.log.warn(
          { err: error, orderId: order.id },
          'devices: the order confirmation e-mail was not sent',
        );
      }
      return { created: true, order: view };
    },

    /**
     * Connects the terminal showing `code` to the site. Codes are single use (the terminal leaves the stock),
     * expire, and a merchant's wrong tries are limited.
     */
    async assign(access: MerchantAccessContext, siteId: string, code: string) {
      const now = clock.now();
      const result = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        if (!isUuid(siteId) || !(await repo.siteExists(tx, access.merchantId, siteId)))
          throw notFound('Site not found');
        const failed = await repo.failedAttemptsSince(
          tx,
          access.merchantId,
          new Date(now.getTime() - ASSIGN_TRY_WINDOW_MS),
        );
        if (failed >= ASSIGN_MAX_FAILED_TRIES) return { tooMany: true as const };
        const stock = await repo.stockByCode(tx, hashDeviceCode(code), now);
        if (!stock || !(await repo.removeFromStock(tx, stock.id))) return { notFound: true as const };
        const device = await repo.insertDevice(tx, {
          merchantId: access.merchantId,
          siteId,
          serial: stock.serial,
          model: stock.model,
          firmwareVersion: stock.firmwareVersion,
          assignedAt: now,
          lastActivityAt: now,
          createdAt: now,
          updatedAt: now,
        });
        await repo.recordAttempt(tx, {
          merchantId: access.merchantId,
          userId: access.actor.userId,
          succeeded: true,
          at: now,
        });
        await recordAudit(tx, access, clock, {
          action: 'device.assign',
          entityType: 'device',
          entityId: device.id,
          after: { serial: device.serial, siteId },
        });
        return { device };
      });
      if ('device' in result && result.device) return toDeviceView(result.device);
      if ('tooMany' in result)
        throw new AppError(
          429,
          'DEVICE_ASSIGN_TOO_MANY_TRIES',
          translate('validation.deviceAssignTooManyTries', 'en-GB'),
          undefined,
          ASSIGN_TRY_WINDOW_MS / 1000,
        );
      // The wrong try is recorded in its own transaction (the one above found nothing to change).
      await tenantDb.forMerchant(access.merchantId, (tx) =>
        repo.recordAttempt(tx, {
          merchantId: access.merchantId,
          userId: access.actor.userId,
          succeeded: false,
          at: now,
        }),
      );
      throw fail(404, 'DEVICE_OTP_NOT_FOUND', 'validation.deviceOtpNotFound');
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
