// Issue 10, SPEC §2.4 "Site internal settings tabs" and §3/§5 settings: the one validated document of a site's
// internal settings (staff only), in five parts: payouts, payment methods, tips, integrations, device settings.
import { z } from 'zod';
import { SETTLEMENT_TYPES } from '../enums.ts';
import { objectInput } from './common.ts';
import { adjustThresholdSchema, manualLimitSchema, pinSchema } from './settings.ts';
import { payByLinkTermsUrlSchema } from './site.ts';

export const TIP_PROVIDERS = ['tipjar', 'own'] as const;
export type TipProvider = (typeof TIP_PROVIDERS)[number];

const flag = z.boolean({ error: 'validation.invalid' });

export const sitePayoutSettingsSchema = objectInput({
  settlementType: z.enum(SETTLEMENT_TYPES, { error: 'validation.invalid' }),
  /** Payouts of this site are held (not paid out) while set. */
  payoutHold: flag,
});

export const sitePaymentMethodSettingsSchema = objectInput({
  moto: flag,
  payByLink: flag,
  tapToPay: flag,
});

export const siteTipSettingsSchema = objectInput({
  enabled: flag,
  provider: z.enum(TIP_PROVIDERS, { error: 'validation.invalid' }),
});

export const siteIntegrationSettingsSchema = objectInput({
  connectPush: objectInput({ enabled: flag, url: payByLinkTermsUrlSchema.nullable() }),
  connectPull: objectInput({ enabled: flag }),
});

export const siteDeviceSettingsSchema = objectInput({
  /** SPEC §3 "PINs (4 digits)": the terminals' admin and refund PINs. */
  adminPin: pinSchema,
  refundPin: pinSchema,
  /** SPEC §5 manual limit: minor units, greater than 0, no fraction of a penny; per transaction and per day. */
  manualLimitPerTransaction: manualLimitSchema,
  manualLimitDaily: manualLimitSchema,
  preAuth: objectInput({ enabled: flag, adjustThreshold: adjustThresholdSchema }),
  unreferencedRefunds: flag,
  refundsOverdraft: flag,
});

export const siteSettingsShape = {
  payouts: sitePayoutSettingsSchema,
  paymentMethods: sitePaymentMethodSettingsSchema,
  tips: siteTipSettingsSchema,
  integrations: siteIntegrationSettingsSchema,
  deviceSettings: siteDeviceSettingsSchema,
};

/** Connect push needs the URL it pushes to. */
export function checkConnectPushUrl(
  settings: { integrations: { connectPush: { enabled: boolean; url: string | null } } },
  ctx: z.RefinementCtx,
) {
  if (settings.integrations.connectPush.enabled && !settings.integrations.connectPush.url)
    ctx.addIssue({
      code: 'custom',
      message: 'validation.urlInvalid',
      path: ['integrations', 'connectPush', 'url'],
    });
}

export const siteSettingsSchema = objectInput(siteSettingsShape).superRefine(checkConnectPushUrl);

export type SiteSettings = z.output<typeof siteSettingsSchema>;

/** What a new site starts with (PINs are drawn at random by the API). */
export function defaultSiteSettings(pins: { adminPin: string; refundPin: string }): SiteSettings {
  return {
    payouts: { settlementType: 'net', payoutHold: false },
    paymentMethods: { moto: false, payByLink: false, tapToPay: true },
    tips: { enabled: false, provider: 'own' },
    integrations: { connectPush: { enabled: false, url: null }, connectPull: { enabled: false } },
    deviceSettings: {
      ...pins,
      manualLimitPerTransaction: 50_000,
      manualLimitDaily: 200_000,
      preAuth: { enabled: false, adjustThreshold: 1.2 },
      unreferencedRefunds: false,
      refundsOverdraft: false,
    },
  };
}
