import { type MessageKey, translate } from '@mp/domain/messages';
import { sitesWithPermission } from '@mp/domain/permissions';
import type { SiteInput } from '@mp/domain/schemas/site';
import { defaultSiteSettings } from '@mp/domain/schemas/site-settings';
import { recordAudit } from '../../access/audit-writer.ts';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import { isUuid, type TenantDb, type Tx } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { sitesRepository as repo, type SiteRow, type SiteSummaryRow } from './repository.ts';
import type { SiteInternalSettingsBody, SiteUpdateBody } from './schemas.ts';
import {
  newIntegrationSecret,
  randomPin,
  readSiteSettings,
  type StoredSiteSettings,
} from './site-settings-store.ts';

/** Issue 10: a site with payments in the last 13 months keeps its history reportable, so it stays. */
export const SITE_DELETE_TRANSACTION_MONTHS = 13;

const siteNotFound = () => notFound('Site not found');

/** A 400/409 whose one detail names the field and the domain rule it broke. */
function ruleError(status: 400 | 409, field: string, rule: MessageKey, params?: Record<string, string>) {
  const message = translate(rule, 'en-GB', params);
  const details = [{ field, rule, message }];
  return status === 400 ? badRequest(message, details) : conflict(message, details);
}

const nameInUse = (name: string) => ruleError(409, 'name', 'validation.siteNameInUse', { siteName: name });

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const {
      code,
      constraint: name,
      message,
    } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505' && (name === constraint || String(message ?? '').includes(constraint))) return true;
  }
  return false;
}

export function toSiteView(row: SiteRow) {
  return {
    siteId: row.id,
    name: row.name,
    displayName: row.displayName,
    shortCode: row.shortCode,
    payByLinkTermsUrl: row.payByLinkTermsUrl,
    settlementWindow: row.settlementWindow,
    address: {
      line1: row.addressLine1,
      line2: row.addressLine2,
      city: row.city,
      stateOrProvince: row.stateOrProvince,
      postalCode: row.postalCode,
      country: row.country,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toSummary(row: SiteSummaryRow) {
  const { createdAt: _c, updatedAt: _u, payByLinkTermsUrl: _p, ...view } = toSiteView(row);
  return { ...view, deviceCount: row.deviceCount };
}

/** The columns of a site input; absent optional fields become null (SPEC §5: empty optional fields dropped). */
function columnsOf(input: Omit<SiteInput, 'name'>) {
  return {
    displayName: input.displayName ?? null,
    shortCode: input.shortCode ?? null,
    payByLinkTermsUrl: input.payByLinkTermsUrl ?? null,
    ...(input.settlementWindow ? { settlementWindow: input.settlementWindow } : {}),
    addressLine1: input.address.line1,
    addressLine2: input.address.line2 ?? null,
    city: input.address.city,
    stateOrProvince: input.address.stateOrProvince ?? null,
    postalCode: input.address.postalCode,
    country: input.address.country,
  };
}

function internalView(row: SiteRow, settings: StoredSiteSettings, currency: string) {
  const { adminPin: _a, refundPin: _r, ...deviceSettings } = settings.deviceSettings;
  const secrets = settings.integrationSecrets ?? {};
  return {
    siteId: row.id,
    name: row.name,
    payByLinkTermsUrl: row.payByLinkTermsUrl,
    payouts: settings.payouts,
    paymentMethods: settings.paymentMethods,
    tips: settings.tips,
    integrations: {
      connectPush: {
        ...settings.integrations.connectPush,
        secretLastFour: secrets.push?.lastFour ?? null,
        rotatedAt: secrets.push?.rotatedAt ?? null,
      },
      connectPull: {
        ...settings.integrations.connectPull,
        secretLastFour: secrets.pull?.lastFour ?? null,
        rotatedAt: secrets.pull?.rotatedAt ?? null,
      },
    },
    deviceSettings,
    currency,
  };
}

/** The audit form of a settings document: PINs only as "changed or not", never their digits; no secrets. */
function auditedSettings(row: SiteRow, settings: StoredSiteSettings, previous?: StoredSiteSettings) {
  const { adminPin, refundPin, ...deviceSettings } = settings.deviceSettings;
  const pinState = (pin: string, before: string | undefined) =>
    before === undefined ? '••••' : pin === before ? '•••• (unchanged)' : '•••• (changed)';
  return {
    payByLinkTermsUrl: row.payByLinkTermsUrl,
    payouts: settings.payouts,
    paymentMethods: settings.paymentMethods,
    tips: settings.tips,
    integrations: settings.integrations,
    deviceSettings: {
      ...deviceSettings,
      adminPin: pinState(adminPin, previous?.deviceSettings.adminPin),
      refundPin: pinState(refundPin, previous?.deviceSettings.refundPin),
    },
  };
}

export function createSitesService(deps: { tenantDb: TenantDb; clock: Clock }) {
  const { tenantDb, clock } = deps;

  async function loadSite(tx: Tx, access: MerchantAccessContext, siteId: string, lock = false) {
    const row = isUuid(siteId) ? await repo.find(tx, access.merchantId, siteId, lock) : undefined;
    if (!row) throw siteNotFound();
    return row;
  }

  /** The site's settings made whole, written back when older rows lacked parts (e.g. PINs). */
  async function settingsOf(tx: Tx, row: SiteRow): Promise<StoredSiteSettings> {
    const { settings, changed } = readSiteSettings(row.settings);
    if (changed) await repo.update(tx, row.merchantId, row.id, { settings, updatedAt: clock.now() });
    return settings;
  }

  return {
    /**
     * The sites the actor may see: every site with Site:ListSites company-wide (owners, staff); otherwise the
     * sites they hold Site:GetSite on (a site manager's own sites, every site for `*`).
     */
    async list(access: MerchantAccessContext) {
      const listed = sitesWithPermission(access, 'Site:ListSites');
      const visible = listed === 'all' ? 'all' : sitesWithPermission(access, 'Site:GetSite');
      const ids = visible === 'all' ? undefined : visible.filter(isUuid);
      const rows = await tenantDb.forMerchant(access.merchantId, (tx) =>
        repo.list(tx, access.merchantId, ids),
      );
      return rows.map(toSummary);
    },

    async get(access: MerchantAccessContext, siteId: string) {
      return tenantDb.forMerchant(access.merchantId, async (tx) =>
        toSiteView(await loadSite(tx, access, siteId)),
      );
    },

    /** SPEC §5: the name is unique within the merchant; two racing creates meet the unique index. */
    async create(access: MerchantAccessContext, input: SiteInput) {
      try {
        return await tenantDb.forMerchant(access.merchantId, async (tx) => {
          if (await repo.nameTaken(tx, access.merchantId, input.name)) throw nameInUse(input.name);
          const now = clock.now();
          const row = await repo.insert(tx, {
            merchantId: access.merchantId,
            name: input.name,
            ...columnsOf(input),
            settings: defaultSiteSettings({ adminPin: randomPin(), refundPin: randomPin() }),
            createdAt: now,
            updatedAt: now,
          });
          const view = toSiteView(row);
          await recordAudit(tx, access, clock, {
            action: 'site.create',
            entityType: 'site',
            entityId: row.id,
            after: view,
          });
          return view;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'sites_merchant_name_unique')) throw nameInUse(input.name);
        throw error;
      }
    },

    /** SPEC §5: the name cannot be changed; sending it back unchanged is fine. */
    async update(access: MerchantAccessContext, siteId: string, input: SiteUpdateBody['site']) {
      return tenantDb.forMerchant(access.merchantId, async (tx) => {
        const before = await loadSite(tx, access, siteId, true);
        if (input.name !== undefined && input.name !== before.name)
          throw ruleError(400, 'site.name', 'validation.siteNameImmutable');
        // An edit replaces the optional fields (absent = cleared, SPEC §5), but pay by link keeps its terms: the
        // rule of the internal settings (staff), which managers and owners editing the site must not undo.
        if (!input.payByLinkTermsUrl && (await settingsOf(tx, before)).paymentMethods.payByLink)
          throw ruleError(400, 'site.payByLinkTermsUrl', 'validation.payByLinkTermsRequired');
        const row = await repo.update(tx, access.merchantId, before.id, {
          ...columnsOf(input),
          updatedAt: clock.now(),
        });
        const view = toSiteView(row);
        await recordAudit(tx, access, clock, {
          action: 'site.update',
          entityType: 'site',
          entityId: row.id,
          before: toSiteView(before),
          after: view,
        });
        return view;
      });
    },

    /** Issue 10: refused while devices are assigned or with payments in the last 13 months; else archived. */
    async archive(access: MerchantAccessContext, siteId: string) {
      await tenantDb.forMerchant(access.merchantId, async (tx) => {
        const row = await loadSite(tx, access, siteId, true);
        if ((await repo.assignedDeviceCount(tx, access.merchantId, row.id)) > 0)
          throw new AppError(409, 'SITE_HAS_DEVICES', translate('validation.siteHasDevices', 'en-GB'));
        const since = new Date(clock.now());
        since.setUTCMonth(since.getUTCMonth() - SITE_DELETE_TRANSACTION_MONTHS);
        if (await repo.hasTransactionsSince(tx, access.merchantId, row.id, since))
          throw new AppError(
            409,
            'SITE_HAS_RECENT_TRANSACTIONS',
            translate('validation.siteHasRecentTransactions', 'en-GB'),
          );
        const now = clock.now();
        await repo.update(tx, access.merchantId, row.id, { deletedAt: now, updatedAt: now });
        await recordAudit(tx, access, clock, {
          action: 'site.archive',
          entityType: 'site',
          entityId: row.id,
          before: toSiteView(row),
        });
      });
    },

    /** The terminals' PINs, behind an audited reveal (issue 10 "Passcodes"). */
    async revealPasscodes(access: MerchantAccessContext, siteId: string) {
      return tenantDb.forMerchant(access.merchantId, async (tx) => {
        const row = await loadSite(tx, access, siteId, true);
        const settings = await settingsOf(tx, row);
        await recordAudit(tx, access, clock, {
          action: 'site.passcodes.reveal',
          entityType: 'site',
          entityId: row.id,
        });
        return { adminPin: settings.deviceSettings.adminPin, refundPin: settings.deviceSettings.refundPin };
      });
    },

    async readInternal(access: MerchantAccessContext, siteId: string) {
      return tenantDb.forMerchant(access.merchantId, async (tx) => {
        const row = await loadSite(tx, access, siteId, true);
        return internalView(row, await settingsOf(tx, row), access.merchant.currency);
      });
    },

    /** Staff replace the settings document; the audit entry holds before → after (PINs redacted). */
    async updateInternal(access: MerchantAccessContext, siteId: string, body: SiteInternalSettingsBody) {
      return tenantDb.forMerchant(access.merchantId, async (tx) => {
        const row = await loadSite(tx, access, siteId, true);
        const before = await settingsOf(tx, row);
        if (body.settings.paymentMethods.payByLink && !body.payByLinkTermsUrl)
          throw ruleError(400, 'payByLinkTermsUrl', 'validation.payByLinkTermsRequired');
        const next: StoredSiteSettings = {
          ...body.settings,
          deviceSettings: {
            ...body.settings.deviceSettings,
            adminPin: body.settings.deviceSettings.adminPin ?? before.deviceSettings.adminPin,
            refundPin: body.settings.deviceSettings.refundPin ?? before.deviceSettings.refundPin,
          },
          ...(before.integrationSecrets ? { integrationSecrets: before.integrationSecrets } : {}),
        };
        const updated = await repo.update(tx, access.merchantId, row.id, {
          settings: next,
          payByLinkTermsUrl: body.payByLinkTermsUrl,
          updatedAt: clock.now(),
        });
        await recordAudit(tx, access, clock, {
          action: 'site.settings.update',
          entityType: 'site',
          entityId: row.id,
          before: auditedSettings(row, before),
          after: auditedSettings(updated, next, before),
        });
        return internalView(updated, next, access.merchant.currency);
      });
    },

    /** A new connect-push signing secret or connect-pull API key, returned this once (issue 10). */
    async rotateIntegrationSecret(access: MerchantAccessContext, siteId: string, kind: 'push' | 'pull') {
      return tenantDb.forMerchant(access.merchantId, async (tx) => {
        const row = await loadSite(tx, access, siteId, true);
        const settings = await settingsOf(tx, row);
        const fresh = newIntegrationSecret(kind === 'push' ? 'whsec' : 'sk');
        const rotatedAt = clock.now().toISOString();
        const secrets = { ...settings.integrationSecrets };
        if (kind === 'push') secrets.push = { secret: fresh.secret, lastFour: fresh.lastFour, rotatedAt };
        else secrets.pull = { hash: fresh.hash, lastFour: fresh.lastFour, rotatedAt };
        await repo.update(tx, access.merchantId, row.id, {
          settings: { ...settings, integrationSecrets: secrets },
          updatedAt: clock.now(),
        });
        await recordAudit(tx, access, clock, {
          action: `site.integration.${kind}.rotate`,
          entityType: 'site',
          entityId: row.id,
          after: { lastFour: fresh.lastFour },
        });
        return { kind, secret: fresh.secret, lastFour: fresh.lastFour };
      });
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
