import { createHash, randomBytes, randomInt } from 'node:crypto';
import { PIN_LENGTH } from '@mp/domain/constants';
import { defaultSiteSettings, type SiteSettings, siteSettingsSchema } from '@mp/domain/schemas/site-settings';

/** A connect-push signing secret (kept: pushes are signed with it) or a connect-pull API key (only its hash). */
export interface IntegrationSecrets {
  push?: { secret: string; lastFour: string; rotatedAt: string };
  pull?: { hash: string; lastFour: string; rotatedAt: string };
}

/** What `sites.settings` holds: the validated document plus the integration secrets, which no view returns. */
export type StoredSiteSettings = SiteSettings & { integrationSecrets?: IntegrationSecrets };

export const randomPin = () => String(randomInt(0, 10 ** PIN_LENGTH)).padStart(PIN_LENGTH, '0');

function section<T extends object>(fallback: T, stored: unknown): T {
  return stored && typeof stored === 'object' && !Array.isArray(stored)
    ? { ...fallback, ...stored }
    : fallback;
}

/**
 * The stored document made whole: sections missing in older rows (seeded before issue 10, or inserted bare)
 * take the defaults, with fresh PINs; `changed` says whether it must be written back.
 */
export function readSiteSettings(stored: Record<string, unknown>): {
  settings: StoredSiteSettings;
  changed: boolean;
} {
  const parsed = siteSettingsSchema.safeParse(stored);
  if (parsed.success) {
    return {
      settings: {
        ...parsed.data,
        integrationSecrets: stored.integrationSecrets as IntegrationSecrets | undefined,
      },
      changed: false,
    };
  }
  const defaults = defaultSiteSettings({ adminPin: randomPin(), refundPin: randomPin() });
  const merged = {
    payouts: section(defaults.payouts, stored.payouts),
    paymentMethods: section(defaults.paymentMethods, stored.paymentMethods),
    tips: section(defaults.tips, stored.tips),
    integrations: section(defaults.integrations, stored.integrations),
    deviceSettings: section(defaults.deviceSettings, stored.deviceSettings),
  };
  const reparsed = siteSettingsSchema.safeParse(merged);
  return {
    settings: {
      ...(reparsed.success ? reparsed.data : defaults),
      integrationSecrets: stored.integrationSecrets as IntegrationSecrets | undefined,
    },
    changed: true,
  };
}

/** A new secret, its last four characters, and (for API keys) the hash that is kept. */
export function newIntegrationSecret(prefix: 'whsec' | 'sk') {
  const secret = `${prefix}_${randomBytes(24).toString('base64url')}`;
  return { secret, lastFour: secret.slice(-4), hash: createHash('sha256').update(secret).digest('hex') };
}
