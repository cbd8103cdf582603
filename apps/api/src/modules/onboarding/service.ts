import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { ONBOARDING_SHORTCODE_LENGTH } from '@mp/domain/constants';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@mp/domain/locales';
import { translate } from '@mp/domain/messages';
import { normaliseRegistrationNumber, normaliseVatNumber } from '@mp/domain/schemas/company';
import {
  currencyForCountry,
  INDUSTRIES,
  industryOf,
  type KycOutcome,
  kycStatusAfter,
  ONBOARDING_STEPS,
  type OnboardingStep,
  onboardingStepSchemas,
  STANDARD_PRICE_LIST,
  sitePaymentMethodsFromOnboarding,
  timeZoneForCountry,
} from '@mp/domain/schemas/onboarding';
import { defaultSiteSettings } from '@mp/domain/schemas/site-settings';
import { calendarDateIn } from '@mp/domain/trading-day';
import { z } from 'zod';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import type { TenantDb } from '../../access/tenant-db.ts';
import type { Mailer } from '../../adapters/mail/mail-port.ts';
import type { Clock } from '../../clock.ts';
import type { ONBOARDING_APPLICATION_STATUSES } from '../../db/schema/onboarding.ts';
import { AppError, badRequest, notFound, validationFailed } from '../../plugins/errors.ts';
import type { PendingRatesEnvelope, RatesSigning } from '../billing/rates-signing.ts';
import { dealAdjustmentRows, dealNotFoundAt, dealRatesRow, usableDeal } from '../deals/service.ts';
import { randomPin } from '../sites/site-settings-store.ts';
import { type ApplicationRow, onboardingRepository as repo } from './repository.ts';
import type { customerAccountBodySchema } from './schemas.ts';
import { shortcodeMail } from './shortcode-mail.ts';

/** How long a hosted verification link stays usable. */
export const KYC_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Wrong shortcodes a user may try in a window before resuming is refused (a 6-digit code is otherwise
 * guessable): 5 per 15 minutes; a right one clears the count.
 */
export const SHORTCODE_TRY_LIMIT = { tries: 5, windowMs: 15 * 60 * 1000 };

/** Failed shortcode tries per user, in this process's memory (fixed window). */
function createShortcodeTries(now: () => number) {
  const failures = new Map<string, { count: number; resetAt: number }>();
  const current = (userId: string) => {
    const entry = failures.get(userId);
    if (!entry || entry.resetAt <= now()) return undefined;
    return entry;
  };
  return {
    /** Seconds until the user may try again, when the limit is reached; else null. */
    blockedFor(userId: string): number | null {
      const entry = current(userId);
      if (!entry || entry.count < SHORTCODE_TRY_LIMIT.tries) return null;
      return Math.max(1, Math.ceil((entry.resetAt - now()) / 1000));
    },
    failed(userId: string) {
      if (failures.size > 10_000)
        for (const [key, value] of failures) if (value.resetAt <= now()) failures.delete(key);
      const entry = current(userId) ?? { count: 0, resetAt: now() + SHORTCODE_TRY_LIMIT.windowMs };
      entry.count += 1;
      failures.set(userId, entry);
    },
    succeeded(userId: string) {
      failures.delete(userId);
    },
  };
}

// SPEC §8 onboarding errors: stable codes the portal turns into its translated texts.
export const ONBOARDING_ERRORS = {
  shortcodeNotRecognised: () =>
    new AppError(404, 'ONBOARDING_SHORTCODE_NOT_RECOGNISED', 'This onboarding shortcode was not recognised'),
  alreadyStarted: () =>
    new AppError(
      409,
      'ONBOARDING_ALREADY_STARTED',
      'Onboarding has already been started for this shortcode; sign in with the e-mail used before',
    ),
  shortcodeTriesExceeded: (retryAfterSeconds: number) =>
    new AppError(
      429,
      'ONBOARDING_SHORTCODE_LIMIT',
      'Too many shortcodes tried; please wait and try again',
      undefined,
      retryAfterSeconds,
    ),
  emailInUse: () =>
    new AppError(409, 'ONBOARDING_EMAIL_IN_USE', 'This e-mail is already used for an active onboarding'),
  notInProgress: () =>
    new AppError(409, 'ONBOARDING_SUBMITTED', 'This onboarding application has already been submitted'),
  industryUnsupported: (name: string) =>
    new AppError(
      422,
      'INDUSTRY_UNSUPPORTED',
      translate('validation.industryUnsupported', 'en-GB', { industry: name }),
    ),
  alreadyVerified: () => new AppError(409, 'KYC_ALREADY_VERIFIED', 'This merchant is already verified'),
  alreadyRejected: () =>
    new AppError(409, 'KYC_ALREADY_REJECTED', "This merchant's verification has already been rejected"),
  // Decision 0137: a rejected merchant gets no new link; only staff may reconsider it.
  rejected: () =>
    new AppError(
      409,
      'KYC_REJECTED',
      "This merchant's verification was rejected; the provider's team may reconsider it",
    ),
  // Decision 0137: without a hosted provider the provider's team verifies and records the outcome.
  reviewedByStaff: () =>
    new AppError(
      409,
      'KYC_REVIEWED_BY_STAFF',
      "The provider's team verifies this merchant; there is no verification link to open",
    ),
};

export interface ApplicationView {
  applicationId: string;
  status: (typeof ONBOARDING_APPLICATION_STATUSES)[number];
  email: string;
  dealReference: string | null;
  stepsDone: number;
  data: Record<string, unknown>;
  merchantId: string | null;
  /** Step 4 hands out a hosted verification link; false: the provider's team verifies (decision 0137). */
  hostedVerification: boolean;
  createdAt: string;
  updatedAt: string;
}

function toView(row: ApplicationRow, hostedVerification: boolean): ApplicationView {
  return {
    applicationId: row.id,
    status: row.status as ApplicationView['status'],
    email: row.email,
    dealReference: row.dealReference,
    stepsDone: row.stepsDone,
    data: row.data,
    merchantId: row.createdMerchantId,
    hostedVerification,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function newShortcode(): string {
  return String(randomInt(0, 10 ** ONBOARDING_SHORTCODE_LENGTH)).padStart(ONBOARDING_SHORTCODE_LENGTH, '0');
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

type CustomerAccountBody = z.output<typeof customerAccountBodySchema>;
type Actor = { userId: string; email: string };

export function createOnboardingService(deps: {
  tenantDb: TenantDb;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: { error: (obj: object, msg: string) => void };
  /** The first rates version gets its e-signature envelope, sent to the owner (issue 13 rates signing). */
  ratesSigning?: Pick<RatesSigning, 'newRatesVersion' | 'send'>;
  /**
   * A hosted verification page is mounted (today only the simulator, KYC_SIMULATOR): links are handed out.
   * Without one the provider's team records the outcome (staff service, decision 0137) and no link is made.
   */
  hostedVerification: boolean;
}) {
  const { tenantDb, clock, hostedVerification } = deps;
  const view = (row: ApplicationRow) => toView(row, hostedVerification);
  const shortcodeTries = createShortcodeTries(() => clock.now().getTime());

  async function newKycLink(
    merchantId: string,
    createdBy: string,
    tx: Parameters<typeof repo.insertKycSession>[0],
  ) {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await repo.insertKycSession(tx, {
      merchantId,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + KYC_LINK_TTL_MS),
      createdBy,
      createdAt: now,
      updatedAt: now,
    });
    return new URL(`/api/kyc-simulator/${merchantId}/${token}`, deps.publicUrl).toString();
  }

  return {
    industries() {
      return INDUSTRIES.map(({ code, name, supported }) => ({ code, name, supported }));
    },

    /** SPEC §7 POST /v1/industries/{code}/validate; an unsupported industry answers SPEC §5's message. */
    validateIndustry(code: string) {
      const industry = industryOf(code);
      if (!industry) throw notFound('Industry not found');
      if (!industry.supported) throw ONBOARDING_ERRORS.industryUnsupported(industry.name);
      return { code: industry.code, name: industry.name, supported: true };
    },

    async current(actor: Actor): Promise<ApplicationView | null> {
      const row = await tenantDb.forUser(actor.userId, (tx) => repo.current(tx, actor.userId));
      return row ? view(row) : null;
    },

    /** Starts an application and e-mails its shortcode (SPEC §5, §8: one active onboarding per e-mail). */
    async start(actor: Actor, input: { dealReference?: string | undefined }): Promise<ApplicationView> {
      for (let attempt = 0; ; attempt += 1) {
        const shortcode = newShortcode();
        try {
          const { row, locale } = await tenantDb.forUser(actor.userId, async (tx) => {
            if (await repo.emailInUse(tx, actor.email)) throw ONBOARDING_ERRORS.emailInUse();
            const now = clock.now();
            const inserted = await repo.insert(tx, {
              userId: actor.userId,
              email: actor.email.toLowerCase(),
              shortcodeHash: sha256(shortcode),
              dealReference: input.dealReference ?? null,
              createdAt: now,
              updatedAt: now,
            });
            return { row: inserted, locale: await repo.userLocale(tx, actor.userId) };
          });
          await deps.mailer.send(
            shortcodeMail({
              to: actor.email,
              shortcode,
              locale: isLocale(locale) ? locale : 'en-GB',
              portalUrl: deps.publicUrl,
            }),
          );
          return view(row);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // Two starts at once by the same e-mail: the partial unique index let one through.
          const emailTaken = await tenantDb.forUser(actor.userId, (tx) => repo.emailInUse(tx, actor.email));
          if (emailTaken) throw ONBOARDING_ERRORS.emailInUse();
          // Otherwise the shortcode collided with another live application: draw again.
          if (attempt >= 5) throw error;
        }
      }
    },

    /** Continues the applicant's own application by its shortcode (SPEC §8 messages otherwise). */
    async resume(actor: Actor, shortcode: string): Promise<ApplicationView> {
      // Refused before the code is looked at, so a guesser learns nothing more once over the limit.
      const wait = shortcodeTries.blockedFor(actor.userId);
      if (wait !== null) throw ONBOARDING_ERRORS.shortcodeTriesExceeded(wait);
      const hash = sha256(shortcode);
      const found = await tenantDb.forUser(actor.userId, async (tx) => {
        const own = await repo.byShortcode(tx, hash);
        if (own) return view(own);
        return (await repo.shortcodeInUse(tx, hash)) ? ('already-started' as const) : ('unknown' as const);
      });
      if (typeof found === 'object') {
        shortcodeTries.succeeded(actor.userId);
        return found;
      }
      shortcodeTries.failed(actor.userId);
      throw found === 'already-started'
        ? ONBOARDING_ERRORS.alreadyStarted()
        : ONBOARDING_ERRORS.shortcodeNotRecognised();
    },

    /** Saves one wizard step (validated by its schema) so the application resumes anywhere. */
    async saveStep(
      actor: Actor,
      applicationId: string,
      step: OnboardingStep,
      data: unknown,
    ): Promise<ApplicationView> {
      // Parsed under `data` so each 400 detail names the field as the body holds it (`data.industry`).
      const parsed = z.object({ data: onboardingStepSchemas[step] }).safeParse({ data });
      if (!parsed.success) throw validationFailed(parsed.error);
      return tenantDb.forUser(actor.userId, async (tx) => {
        const row = await repo.byId(tx, applicationId);
        if (!row) throw notFound('Onboarding application not found');
        if (row.status !== 'in-progress') throw ONBOARDING_ERRORS.notInProgress();
        const stepNumber = ONBOARDING_STEPS.indexOf(step) + 1;
        const updated = await repo.update(tx, applicationId, {
          data: { ...row.data, [step]: parsed.data.data },
          stepsDone: Math.max(row.stepsDone, stepNumber),
          updatedAt: clock.now(),
        });
        return view(updated);
      });
    },

    /**
     * SPEC §7 POST /v1/customer-accounts: the merchant (pending verification, the applicant its CompanyOwner),
     * its first site, the standard rates and billing settings, in one transaction; returns the hosted
     * verification link.
     */
    async createCustomerAccount(actor: Actor, body: CustomerAccountBody) {
      const merchantId = randomUUID();
      const { company, payments, site } = body;
      const currency = currencyForCountry(company.country);
      let envelope: PendingRatesEnvelope | null = null;
      // The deal the applicant came with (decision 0079), when they take its pricing: read before anything is
      // written, so an unknown, withdrawn or expired deal leaves nothing behind.
      let deal: Awaited<ReturnType<typeof usableDeal>>;
      const created = await tenantDb.createMerchant(
        merchantId,
        actor.userId,
        async (tx) => {
          let dealReference: string | null = null;
          if (body.applicationId) {
            const application = await repo.byId(tx, body.applicationId);
            if (!application || application.userId !== actor.userId)
              throw notFound('Onboarding application not found');
            if (application.status !== 'in-progress') throw ONBOARDING_ERRORS.notInProgress();
            dealReference = application.dealReference;
          }
          if (payments.pricing === 'deal') {
            deal = dealReference ? await usableDeal(tx, dealReference, clock.now()) : undefined;
            if (!deal) throw dealNotFoundAt('payments.pricing');
            if (deal.currency !== currency)
              throw badRequest('The request is not valid', [
                {
                  field: 'payments.pricing',
                  rule: 'validation.dealCurrencyMismatch',
                  message: translate('validation.dealCurrencyMismatch', 'en-GB'),
                },
              ]);
          }
          const now = clock.now();
          await repo.insertMerchant(tx, {
            id: merchantId,
            legalEntityName: company.legalEntityName,
            entityType: company.entityType,
            registrationNumber: company.registrationNumber
              ? normaliseRegistrationNumber(company.registrationNumber)
              : null,
            vatNumber: company.vatNumber ? normaliseVatNumber(company.country, company.vatNumber) : null,
            industry: company.industry,
            country: company.country,
            currency,
            timeZone: timeZoneForCountry(company.country),
            status: 'active',
            kycOnboardingStatus: 'pending',
            dealReference: deal?.reference ?? null,
            createdAt: now,
            updatedAt: now,
          });
        },
        async (tx) => {
          const now = clock.now();
          await repo.insertOwner(tx, merchantId, actor.userId, now);
          await repo.insertSite(tx, {
            merchantId,
            name: site.name,
            displayName: site.displayName ?? null,
            shortCode: site.shortCode ?? null,
            payByLinkTermsUrl: site.payByLinkTermsUrl ?? null,
            addressLine1: site.address.line1,
            addressLine2: site.address.line2 ?? null,
            city: site.address.city,
            stateOrProvince: site.address.stateOrProvince ?? null,
            postalCode: site.address.postalCode.toUpperCase(),
            country: site.address.country,
            // The wizard's choice as the site's own switches (the internal settings' payment methods tab).
            settings: {
              ...defaultSiteSettings({ adminPin: randomPin(), refundPin: randomPin() }),
              paymentMethods: sitePaymentMethodsFromOnboarding(payments.acceptedPaymentMethods),
            },
            createdAt: now,
            updatedAt: now,
          });
          // The company's first day by its own calendar (as a rates update's "today"), not UTC's: at 23:30 UTC
          // on 31 March it is 1 April in London and Madrid.
          const today = calendarDateIn(now, timeZoneForCountry(company.country));
          const rental =
            currency === 'GBP'
              ? STANDARD_PRICE_LIST.deviceRentalMonthly.GBP
              : STANDARD_PRICE_LIST.deviceRentalMonthly.EUR;
          // With a deal, its pricing is the first rates version (and so what the rates e-signature covers).
          if (deal) {
            await repo.insertRates(tx, dealRatesRow(deal, merchantId, today, actor.userId, now));
            await repo.insertAdjustments(tx, dealAdjustmentRows(deal, merchantId, today, actor.userId, now));
          } else
            await repo.insertRates(tx, {
              merchantId,
              domesticPercent: STANDARD_PRICE_LIST.domesticPercent,
              eeaPercent: STANDARD_PRICE_LIST.eeaPercent,
              globalPercent: STANDARD_PRICE_LIST.globalPercent,
              amexPercent: STANDARD_PRICE_LIST.amexPercent,
              otherPercent: STANDARD_PRICE_LIST.otherPercent,
              tapToPayPercent: STANDARD_PRICE_LIST.tapToPayPercent,
              deviceRentalMonthly: rental,
              currency,
              effectiveFrom: today,
              createdBy: actor.userId,
              createdAt: now,
              updatedAt: now,
            });
          await repo.insertBillingSettings(tx, {
            merchantId,
            billingEmail: actor.email,
            createdAt: now,
            updatedAt: now,
          });
          if (body.applicationId) {
            await repo.update(tx, body.applicationId, {
              status: 'submitted',
              data: { company, payments, site },
              stepsDone: ONBOARDING_STEPS.length,
              createdMerchantId: merchantId,
              submittedAt: now,
              updatedAt: now,
            });
          }
          envelope = (await deps.ratesSigning?.newRatesVersion(tx, merchantId)) ?? null;
          const hostedOnboardingLink = hostedVerification
            ? await newKycLink(merchantId, actor.userId, tx)
            : null;
          return { merchantId, hostedOnboardingLink };
        },
      );
      await deps.ratesSigning?.send(envelope);
      return created;
    },

    /**
     * SPEC §7 POST /merchants/{id}/verification-links: a new hosted link when the old one expired. None for a
     * verified or rejected merchant, nor without a hosted provider (decision 0137).
     */
    async newVerificationLink(access: MerchantAccessContext) {
      return tenantDb.forMerchant(access.merchantId, async (tx) => {
        const merchant = await repo.merchantKyc(tx, access.merchantId);
        if (!merchant) throw notFound('Merchant not found');
        if (merchant.kycOnboardingStatus === 'verified') throw ONBOARDING_ERRORS.alreadyVerified();
        if (merchant.kycOnboardingStatus === 'rejected') throw ONBOARDING_ERRORS.rejected();
        if (!hostedVerification) throw ONBOARDING_ERRORS.reviewedByStaff();
        return { hostedOnboardingLink: await newKycLink(access.merchantId, access.actor.userId, tx) };
      });
    },

    /**
     * The simulated KYC page: is this link usable, and in which language does the page speak (the saved language
     * of the user who asked for the link, as the e-mails do)? Null for a link that never existed.
     */
    async kycSession(merchantId: string, token: string): Promise<{ usable: boolean; locale: Locale } | null> {
      return tenantDb.forMerchant(merchantId, async (tx) => {
        const session = await repo.kycSessionByToken(tx, sha256(token));
        if (!session) return null;
        const saved = session.createdBy ? await repo.userLocale(tx, session.createdBy) : DEFAULT_LOCALE;
        const locale = isLocale(saved) ? saved : DEFAULT_LOCALE;
        if (session.completedAt || session.expiresAt <= clock.now()) return { usable: false, locale };
        const merchant = await repo.merchantKyc(tx, merchantId);
        if (!merchant) return null;
        const decided =
          merchant.kycOnboardingStatus === 'verified' || merchant.kycOnboardingStatus === 'rejected';
        return { usable: !decided, locale };
      });
    },

    /**
     * The simulated provider's decision, once per link: verified activates the merchant (SPEC §4), rejected
     * rejects it, needs more information leaves it pending for a new link. The merchant's row is locked first,
     * as staff's decision locks it (decision 0137): whichever comes second sees the first's outcome, so a link
     * never overwrites a decision already taken (staff close the open links; a verified or rejected merchant's
     * remaining links decide nothing).
     */
    async completeKyc(merchantId: string, token: string, outcome: KycOutcome): Promise<boolean> {
      return tenantDb.forMerchant(merchantId, async (tx) => {
        const now = clock.now();
        const merchant = await repo.merchantKyc(tx, merchantId);
        if (
          !merchant ||
          merchant.kycOnboardingStatus === 'verified' ||
          merchant.kycOnboardingStatus === 'rejected'
        )
          return false;
        const session = await repo.kycSessionByToken(tx, sha256(token));
        if (!session || session.completedAt || session.expiresAt <= now) return false;
        if (!(await repo.completeKycSession(tx, session.id, outcome, now))) return false;
        await repo.setMerchantKyc(tx, merchantId, kycStatusAfter(outcome), now);
        return true;
      });
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
