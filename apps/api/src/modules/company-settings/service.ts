import { translate } from '@mp/domain/messages';
import {
  isCompanyCountry,
  isValidRegistrationNumber,
  isValidVatNumber,
  normaliseVatNumber,
} from '@mp/domain/schemas/company';
import { calendarDateIn } from '@mp/domain/trading-day';
import { recordAudit } from '../../access/audit-writer.ts';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import type { TenantDb } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import type { PendingRatesEnvelope, RatesSigning } from '../billing/rates-signing.ts';
import { dealAdjustmentRows, dealNotFoundAt, dealRatesRow, usableDeal } from '../deals/service.ts';
import { merchantRepository } from '../merchants/repository.ts';
import { toMerchantView } from '../merchants/service.ts';
import {
  type AdjustmentRow,
  type MerchantSettingsRow,
  type RatesRow,
  companySettingsRepository as repo,
} from './repository.ts';
import { type CompanyDetailsBody, RATES_UPDATED_TODAY_MESSAGE, type RatesBody } from './schemas.ts';

/** The calendar date of `instant` in `timeZone` (YYYY-MM-DD). */
export function dateIn(timeZone: string, instant: Date): string {
  return calendarDateIn(instant, timeZone);
}

const percent = (value: string | null) => (value === null ? 0 : Number(value));

function ratesView(
  current: RatesRow | undefined,
  adjustments: AdjustmentRow[],
  settings: MerchantSettingsRow | undefined,
  merchant: { currency: string; dealReference: string | null; timeZone: string },
  now: Date,
) {
  return {
    current: current
      ? {
          domesticPercent: percent(current.domesticPercent),
          eeaPercent: percent(current.eeaPercent),
          globalPercent: percent(current.globalPercent),
          amexPercent: percent(current.amexPercent),
          otherPercent: percent(current.otherPercent),
          tapToPayPercent: percent(current.tapToPayPercent),
          fixedFee: current.fixedFee,
          deviceRentalMonthly: current.deviceRentalMonthly,
          currency: current.currency,
          settlementType: current.settlementType as 'net' | 'gross',
          contractEndDate: current.contractEndDate,
          backfill: current.backfill,
          effectiveFrom: current.effectiveFrom,
          updatedAt: current.createdAt.toISOString(),
        }
      : null,
    discounts: adjustments
      .filter((a) => a.kind === 'discount')
      .map((a) => ({
        description: a.description,
        percent: percent(a.percent),
        durationMonths: a.durationMonths,
        startsOn: a.startsOn,
      })),
    monthlyFees: adjustments
      .filter((a) => a.kind === 'monthly-fee')
      .map((a) => ({
        description: a.description,
        amount: a.amount ?? 0,
        startsOn: a.startsOn,
        endsOn: a.endsOn,
      })),
    credits: adjustments
      .filter((a) => a.kind === 'credit')
      .map((a) => ({ description: a.description, amount: a.amount ?? 0, startsOn: a.startsOn })),
    currency: current?.currency ?? merchant.currency,
    feeDestination: settings?.feeDestination ?? null,
    tradingHours: settings?.tradingHours ?? null,
    dealReference: current?.dealReference ?? merchant.dealReference,
    canUpdateToday:
      !current || dateIn(merchant.timeZone, current.createdAt) !== dateIn(merchant.timeZone, now),
  };
}

export type RatesView = ReturnType<typeof ratesView>;

export function createCompanySettingsService(deps: {
  tenantDb: TenantDb;
  clock: Clock;
  /** A new rates version gets its e-signature envelope and waits for its signature (issue 13). */
  ratesSigning?: Pick<RatesSigning, 'newRatesVersion' | 'send'>;
}) {
  const { tenantDb, clock } = deps;

  async function readRates(access: MerchantAccessContext): Promise<RatesView> {
    return tenantDb.forMerchant(access.merchantId, async (tx) => {
      const merchant = await merchantRepository.lockMerchant(tx, access.merchantId);
      const [current, adjustments, settings] = [
        await repo.currentRates(tx, access.merchantId),
        await repo.adjustments(tx, access.merchantId),
        await repo.settings(tx, access.merchantId),
      ];
      return ratesView(current, adjustments, settings, merchant ?? access.merchant, clock.now());
    });
  }

  return {
    readRates,

    /**
     * Staff replace the merchant's rates, adjustments, fee destination and trading hours at once. Once a day
     * at most, by the merchant's calendar (SPEC §8 "Rates cannot be updated today; come back tomorrow").
     */
    async updateRates(access: MerchantAccessContext, input: RatesBody): Promise<RatesView> {
      let envelope: PendingRatesEnvelope | null = null;
      const view = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const now = clock.now();
        const merchant = (await merchantRepository.lockMerchant(tx, access.merchantId)) ?? access.merchant;
        const today = dateIn(merchant.timeZone, now);
        const current = await repo.currentRates(tx, access.merchantId);
        if (current && dateIn(merchant.timeZone, current.createdAt) === today) {
          throw new AppError(409, 'RATES_ALREADY_UPDATED_TODAY', RATES_UPDATED_TODAY_MESSAGE);
        }
        const before = ratesView(
          current,
          await repo.adjustments(tx, access.merchantId),
          await repo.settings(tx, access.merchantId),
          merchant,
          now,
        );
        const currency = current?.currency ?? merchant.currency;
        await repo.replaceRates(tx, access.merchantId, today, {
          merchantId: access.merchantId,
          domesticPercent: String(input.domesticPercent),
          eeaPercent: String(input.eeaPercent),
          globalPercent: String(input.globalPercent),
          amexPercent: String(input.amexPercent),
          otherPercent: String(input.otherPercent),
          tapToPayPercent: String(input.tapToPayPercent),
          fixedFee: input.fixedFee,
          deviceRentalMonthly: input.deviceRentalMonthly,
          currency,
          settlementType: input.settlementType,
          contractEndDate: input.contractEndDate,
          backfill: input.backfill,
          dealReference: current?.dealReference ?? merchant.dealReference,
          effectiveFrom: today,
          createdBy: access.actor.userId,
          createdAt: now,
          updatedAt: now,
        });
        const common = {
          merchantId: access.merchantId,
          currency,
          createdBy: access.actor.userId,
          createdAt: now,
          updatedAt: now,
        };
        await repo.replaceAdjustments(tx, access.merchantId, [
          ...input.discounts.map((d) => ({
            ...common,
            kind: 'discount',
            description: d.description,
            percent: String(d.percent),
            durationMonths: d.durationMonths,
            startsOn: d.startsOn,
          })),
          ...input.monthlyFees.map((f) => ({
            ...common,
            kind: 'monthly-fee',
            description: f.description,
            amount: f.amount,
            startsOn: f.startsOn,
            endsOn: f.endsOn,
            feeDestination: input.feeDestination,
          })),
          ...input.credits.map((c) => ({
            ...common,
            kind: 'credit',
            description: c.description,
            amount: c.amount,
            startsOn: c.startsOn,
          })),
        ]);
        await repo.upsertSettings(tx, {
          merchantId: access.merchantId,
          feeDestination: input.feeDestination,
          tradingHours: input.tradingHours,
          createdAt: now,
          updatedAt: now,
        });
        const after = ratesView(
          await repo.currentRates(tx, access.merchantId),
          await repo.adjustments(tx, access.merchantId),
          await repo.settings(tx, access.merchantId),
          merchant,
          now,
        );
        await recordAudit(tx, access, clock, {
          action: 'rates.update',
          entityType: 'rates',
          entityId: access.merchantId,
          before,
          after,
        });
        envelope = (await deps.ratesSigning?.newRatesVersion(tx, access.merchantId)) ?? null;
        return after;
      });
      await deps.ratesSigning?.send(envelope);
      return view;
    },

    /**
     * SPEC §7 associate (decision 0079): the deal becomes a new rates version effective today (its fees and
     * discounts the merchant's, credits kept), which un-signs the rates: a new e-signature envelope covers them and
     * the billing banner asks for a signature again. Refused like a rates update when the rates changed today.
     */
    async associateDeal(access: MerchantAccessContext, dealReference: string): Promise<RatesView> {
      let envelope: PendingRatesEnvelope | null = null;
      const view = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const now = clock.now();
        const merchant = (await merchantRepository.lockMerchant(tx, access.merchantId)) ?? access.merchant;
        const deal = await usableDeal(tx, dealReference, now);
        if (!deal) throw dealNotFoundAt('dealReference');
        const current = await repo.currentRates(tx, access.merchantId);
        if (deal.currency !== (current?.currency ?? merchant.currency))
          throw badRequest('The request is not valid', [
            {
              field: 'dealReference',
              rule: 'validation.dealCurrencyMismatch',
              message: translate('validation.dealCurrencyMismatch', 'en-GB'),
            },
          ]);
        const today = dateIn(merchant.timeZone, now);
        if (current && dateIn(merchant.timeZone, current.createdAt) === today) {
          throw new AppError(409, 'RATES_ALREADY_UPDATED_TODAY', RATES_UPDATED_TODAY_MESSAGE);
        }
        const settings = await repo.settings(tx, access.merchantId);
        const before = ratesView(
          current,
          await repo.adjustments(tx, access.merchantId),
          settings,
          merchant,
          now,
        );
        const userId = access.actor.userId;
        await repo.replaceRates(
          tx,
          access.merchantId,
          today,
          dealRatesRow(deal, access.merchantId, today, userId, now),
        );
        await repo.replaceDealAdjustments(
          tx,
          access.merchantId,
          dealAdjustmentRows(deal, access.merchantId, today, userId, now),
        );
        await merchantRepository.updateMerchant(tx, access.merchantId, {
          dealReference: deal.reference,
          updatedAt: now,
        });
        const after = ratesView(
          await repo.currentRates(tx, access.merchantId),
          await repo.adjustments(tx, access.merchantId),
          settings,
          merchant,
          now,
        );
        await recordAudit(tx, access, clock, {
          action: 'rates.associate-deal',
          entityType: 'rates',
          entityId: access.merchantId,
          before,
          after,
        });
        // The new version's envelope, and the merchant un-signed until it is signed (decision 0090).
        envelope = (await deps.ratesSigning?.newRatesVersion(tx, access.merchantId)) ?? null;
        return after;
      });
      await deps.ratesSigning?.send(envelope);
      return view;
    },

    /** Company details (PUT /v1/merchants/{id}); registration and VAT numbers checked for the merchant's country. */
    async updateDetails(access: MerchantAccessContext, input: CompanyDetailsBody) {
      const country = access.merchant.country;
      const details = [];
      if (
        input.registrationNumber &&
        isCompanyCountry(country) &&
        !isValidRegistrationNumber(country, input.registrationNumber)
      ) {
        details.push({
          field: 'registrationNumber',
          rule: 'validation.registrationNumberInvalid',
          message: 'Please enter a valid registration number',
        });
      }
      if (input.vatNumber && (!isCompanyCountry(country) || !isValidVatNumber(country, input.vatNumber))) {
        details.push({
          field: 'vatNumber',
          rule: 'validation.vatNumberInvalid',
          message: 'Please enter a valid VAT number',
        });
      }
      if (details.length > 0) throw badRequest('The request is not valid', details);
      const row = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const before = await merchantRepository.lockMerchant(tx, access.merchantId);
        const changes = {
          legalEntityName: input.legalEntityName,
          ...(input.registrationNumber !== undefined
            ? { registrationNumber: input.registrationNumber || null }
            : {}),
          ...(input.vatNumber !== undefined
            ? {
                vatNumber:
                  input.vatNumber && isCompanyCountry(country)
                    ? normaliseVatNumber(country, input.vatNumber)
                    : null,
              }
            : {}),
          ...(input.industry !== undefined ? { industry: input.industry || null } : {}),
        };
        const after = await merchantRepository.updateMerchant(tx, access.merchantId, {
          ...changes,
          updatedAt: clock.now(),
        });
        const pick = (m: typeof before) =>
          m && {
            legalEntityName: m.legalEntityName,
            registrationNumber: m.registrationNumber,
            vatNumber: m.vatNumber,
            industry: m.industry,
          };
        await recordAudit(tx, access, clock, {
          action: 'company.update-details',
          entityType: 'merchant',
          entityId: access.merchantId,
          before: pick(before),
          after: pick(after),
        });
        return after ?? access.merchant;
      });
      return toMerchantView(row, access.permissions);
    },

    /** Issue 15: owners (Company:UpdateDetails) require a second factor of every user, or stop requiring it. */
    async setTwoFactorRequirement(access: MerchantAccessContext, required: boolean) {
      const row = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const before = await merchantRepository.lockMerchant(tx, access.merchantId);
        const after = await merchantRepository.updateMerchant(tx, access.merchantId, {
          requireTwoFactor: required,
          updatedAt: clock.now(),
        });
        await recordAudit(tx, access, clock, {
          action: 'company.two-factor-requirement',
          entityType: 'merchant',
          entityId: access.merchantId,
          before: before && { requireTwoFactor: before.requireTwoFactor },
          after: { requireTwoFactor: required },
        });
        return after ?? access.merchant;
      });
      return toMerchantView(row, access.permissions);
    },

    /** Company:Deactivate: the merchant becomes inactive (SPEC §4: inactive merchants are not activated); never a churned one. */
    async deactivate(access: MerchantAccessContext) {
      const row = await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const before = await merchantRepository.lockMerchant(tx, access.merchantId);
        if (before?.status === 'inactive') {
          throw new AppError(409, 'ALREADY_INACTIVE', 'This company is already deactivated.');
        }
        // Churned is final: deactivating would lift the churned banner, restart its end-of-day reports, and the
        // hourly churn sweep would churn it again (a second `merchant.churned` entry).
        if (before?.status === 'churned') {
          throw new AppError(
            409,
            'ALREADY_CHURNED',
            'This company has churned, so it cannot be deactivated.',
          );
        }
        const after = await merchantRepository.updateMerchant(tx, access.merchantId, {
          status: 'inactive',
          updatedAt: clock.now(),
        });
        await recordAudit(tx, access, clock, {
          action: 'company.deactivate',
          entityType: 'merchant',
          entityId: access.merchantId,
          before: { status: before?.status },
          after: { status: 'inactive' },
        });
        return after ?? access.merchant;
      });
      return toMerchantView(row, access.permissions);
    },
  };
}

export type CompanySettingsService = ReturnType<typeof createCompanySettingsService>;
