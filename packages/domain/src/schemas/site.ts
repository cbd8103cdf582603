// SPEC §3 Site, §5 "Sites": name, display name, short code, address; postal code uppercased and empty optional
// fields removed before sending.
import { z } from 'zod';
import { SITE_SHORT_CODE_MAX_LENGTH, SITE_SHORT_CODE_MIN_LENGTH } from '../constants.ts';
import { objectInput, requiredText, stringInput } from './common.ts';

export const SITE_NAME_MAX_LENGTH = 100;
export const SITE_DISPLAY_NAME_MAX_LENGTH = 100;

/** Letters, digits, spaces, hyphens and underscores. */
export const SITE_NAME_PATTERN = /^[A-Za-z0-9 _-]+$/;
/**
 * Letters (accented ones included), digits, whitespace, comma, exclamation mark, apostrophe, ampersand, @,
 * hyphen and underscore (SPEC's message names underscores too).
 */
export const SITE_DISPLAY_NAME_PATTERN = /^[\p{L}\p{M}\d\s,!'’&@_-]+$/u;
export const SITE_SHORT_CODE_PATTERN = new RegExp(
  `^[A-Za-z0-9]{${SITE_SHORT_CODE_MIN_LENGTH},${SITE_SHORT_CODE_MAX_LENGTH}}$`,
);

/** The site name cannot be changed later, and is unique within a merchant (checked by the API). */
export const siteNameSchema = requiredText(SITE_NAME_MAX_LENGTH).regex(SITE_NAME_PATTERN, {
  error: 'validation.siteNameInvalid',
});

export const siteDisplayNameSchema = requiredText(SITE_DISPLAY_NAME_MAX_LENGTH).regex(
  SITE_DISPLAY_NAME_PATTERN,
  {
    error: 'validation.siteDisplayNameInvalid',
  },
);

/** Optional; when present 2 to 4 alphanumeric characters. */
export const siteShortCodeSchema = stringInput()
  .trim()
  .regex(SITE_SHORT_CODE_PATTERN, { error: 'validation.siteShortCodeInvalid' });

export const postalCodeSchema = requiredText(16)
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9 -]*[A-Z0-9]$|^[A-Z0-9]$/, { error: 'validation.postalCodeInvalid' });

export const countryCodeSchema = stringInput('validation.countryInvalid')
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'validation.countryInvalid' });

export const siteAddressSchema = objectInput({
  line1: requiredText(200),
  line2: requiredText(200).optional(),
  city: requiredText(100),
  stateOrProvince: requiredText(100).optional(),
  postalCode: postalCodeSchema,
  country: countryCodeSchema,
});

export const payByLinkTermsUrlSchema = stringInput()
  .trim()
  .max(2000, { error: 'validation.tooLong', abort: true })
  .check(z.url({ protocol: /^https$/, error: 'validation.urlInvalid' }));

/**
 * The settlement window: the daily cut-off of the site's trading day, HH:MM in the merchant's time zone
 * (DESIGN §4 "Trading day"; 03:00 = a bar's night counts to the day it began).
 */
export const SETTLEMENT_WINDOW_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const settlementWindowSchema = stringInput()
  .trim()
  .regex(SETTLEMENT_WINDOW_PATTERN, { error: 'validation.settlementWindowInvalid' });

/** What the API accepts to create or update a site; optional fields are absent, never empty. */
export const siteInputSchema = objectInput({
  name: siteNameSchema,
  displayName: siteDisplayNameSchema.optional(),
  shortCode: siteShortCodeSchema.optional(),
  payByLinkTermsUrl: payByLinkTermsUrlSchema.optional(),
  settlementWindow: settlementWindowSchema.optional(),
  address: siteAddressSchema,
});

export type SiteInput = z.output<typeof siteInputSchema>;

const OPTIONAL_SITE_FIELDS = ['displayName', 'shortCode', 'payByLinkTermsUrl'] as const;
const OPTIONAL_ADDRESS_FIELDS = ['line2', 'stateOrProvince'] as const;

const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/** SPEC §5: empty optional site fields are removed before sending. Other values pass through untouched. */
export function removeEmptyOptionalSiteFields(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const site: Record<string, unknown> = { ...input };
  for (const field of OPTIONAL_SITE_FIELDS) if (isBlank(site[field])) delete site[field];
  const address = site.address;
  if (typeof address === 'object' && address !== null && !Array.isArray(address)) {
    const cleaned: Record<string, unknown> = { ...address };
    for (const field of OPTIONAL_ADDRESS_FIELDS) if (isBlank(cleaned[field])) delete cleaned[field];
    site.address = cleaned;
  }
  return site;
}

/** The site form: what the person typed (empty optional fields allowed) → a clean `SiteInput`. */
export const siteFormSchema = z.preprocess(removeEmptyOptionalSiteFields, siteInputSchema);

/** SPEC §5: the site name cannot be changed later, so an update carries everything else. */
export const siteUpdateInputSchema = siteInputSchema.omit({ name: true });
export const siteUpdateFormSchema = z.preprocess(removeEmptyOptionalSiteFields, siteUpdateInputSchema);
