import { SETTLEMENT_TYPES } from '@mp/domain/enums';
import {
  payByLinkTermsUrlSchema,
  removeEmptyOptionalSiteFields,
  siteFormSchema,
  siteInputSchema,
} from '@mp/domain/schemas/site';
import {
  checkConnectPushUrl,
  siteDeviceSettingsSchema,
  siteSettingsShape,
  TIP_PROVIDERS,
} from '@mp/domain/schemas/site-settings';
import { z } from 'zod';

/** The merchant and site in the path; any strings, so a malformed id answers 404 like an unknown one. */
export const sitePathSchema = z.object({
  id: z.string().describe('The merchant id'),
  siteId: z.string().describe('The site id (uuid)'),
});

export const siteAddressViewSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  stateOrProvince: z.string().nullable(),
  postalCode: z.string(),
  country: z.string(),
});

/** The sites list (issue 10: name, settlement window, display name, address, devices). */
export const siteSummarySchema = z
  .object({
    siteId: z.uuid(),
    name: z.string(),
    displayName: z.string().nullable(),
    shortCode: z.string().nullable(),
    settlementWindow: z.string().describe('HH:MM, the daily cut-off of the trading day, merchant time zone'),
    address: siteAddressViewSchema,
    deviceCount: z.number().int().describe('Devices assigned to the site'),
  })
  .meta({ id: 'SiteSummary' });

export const siteSchema = z
  .object({
    siteId: z.uuid(),
    name: z.string().describe('Never changes after creation'),
    displayName: z.string().nullable(),
    shortCode: z.string().nullable(),
    payByLinkTermsUrl: z.string().nullable(),
    settlementWindow: z.string(),
    address: siteAddressViewSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Site' });

export const siteResponseSchema = z.object({ site: siteSchema });

/**
 * POST body: a site (SPEC §7). Empty optional fields are dropped and the postal code uppercased (SPEC §5), on
 * the server too; the OpenAPI document shows the clean shape.
 */
export const siteCreateBodySchema = siteFormSchema.meta({ id: 'SiteCreate' });

/**
 * PUT body under `site` (SPEC §7). `name` may be sent back unchanged; a different name is refused (SPEC §5: the
 * name cannot be changed later).
 */
export const siteUpdateBodySchema = z
  .object({
    site: z.preprocess(
      removeEmptyOptionalSiteFields,
      siteInputSchema.extend({ name: siteInputSchema.shape.name.optional() }),
    ),
  })
  .meta({ id: 'SiteUpdate' });
export type SiteUpdateBody = z.output<typeof siteUpdateBodySchema>;

export const passcodesSchema = z
  .object({ adminPin: z.string(), refundPin: z.string() })
  .meta({ id: 'SitePasscodes' });

/** GET /internal: the settings document; PINs are never in it (they are revealed, audited, elsewhere). */
export const siteInternalSettingsSchema = z
  .object({
    siteId: z.uuid(),
    name: z.string(),
    payByLinkTermsUrl: z.string().nullable(),
    payouts: z.object({ settlementType: z.enum(SETTLEMENT_TYPES), payoutHold: z.boolean() }),
    paymentMethods: z.object({ moto: z.boolean(), payByLink: z.boolean(), tapToPay: z.boolean() }),
    tips: z.object({ enabled: z.boolean(), provider: z.enum(TIP_PROVIDERS) }),
    integrations: z.object({
      connectPush: z.object({
        enabled: z.boolean(),
        url: z.string().nullable(),
        secretLastFour: z.string().nullable(),
        rotatedAt: z.string().nullable(),
      }),
      connectPull: z.object({
        enabled: z.boolean(),
        secretLastFour: z.string().nullable(),
        rotatedAt: z.string().nullable(),
      }),
    }),
    deviceSettings: z.object({
      manualLimitPerTransaction: z.number().int().describe('Minor units of the merchant currency'),
      manualLimitDaily: z.number().int(),
      preAuth: z.object({ enabled: z.boolean(), adjustThreshold: z.number() }),
      unreferencedRefunds: z.boolean(),
      refundsOverdraft: z.boolean(),
    }),
    currency: z.string(),
  })
  .meta({ id: 'SiteInternalSettings' });

/** PUT /internal: the whole document; PINs optional (absent keeps them). */
export const siteInternalSettingsBodySchema = z
  .object({
    payByLinkTermsUrl: payByLinkTermsUrlSchema.nullable(),
    settings: z
      .object({
        ...siteSettingsShape,
        deviceSettings: siteDeviceSettingsSchema.partial({ adminPin: true, refundPin: true }),
      })
      .superRefine(checkConnectPushUrl),
  })
  .meta({ id: 'SiteInternalSettingsUpdate' });
export type SiteInternalSettingsBody = z.output<typeof siteInternalSettingsBodySchema>;

export const INTEGRATION_KINDS = ['push', 'pull'] as const;
export const integrationPathSchema = sitePathSchema.extend({ kind: z.enum(INTEGRATION_KINDS) });
export const integrationSecretSchema = z
  .object({
    kind: z.enum(INTEGRATION_KINDS),
    secret: z.string().describe('Shown once: the push signing secret or the pull API key'),
    lastFour: z.string(),
  })
  .meta({ id: 'SiteIntegrationSecret' });
