// SPEC §5 "Onboarding and company": registration number per country (EU and GB), VAT number per country
// (country prefix plus national format, case-insensitive), onboarding shortcode, unsupported industries.
import {
  austria,
  belgium,
  bulgaria,
  type Country,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  unitedKingdom,
} from 'jsvat';
import { z } from 'zod';
import { ONBOARDING_SHORTCODE_LENGTH } from '../constants.ts';
import { objectInput, stringInput } from './common.ts';

export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;
/** Countries whose company registration and VAT numbers we check: the EU and GB. */
export const COMPANY_COUNTRIES = [...EU_COUNTRIES, 'GB'] as const;
export type CompanyCountry = (typeof COMPANY_COUNTRIES)[number];

export function isCompanyCountry(value: unknown): value is CompanyCountry {
  return typeof value === 'string' && (COMPANY_COUNTRIES as readonly string[]).includes(value);
}

/**
 * The national company register's number, matched after uppercasing and removing spaces and dots.
 * Where a country has more than one identifier in common use, each is accepted.
 */
export const REGISTRATION_NUMBER_FORMATS: Readonly<
  Record<CompanyCountry, { pattern: RegExp; format: string }>
> = {
  AT: { pattern: /^(FN)?\d{1,6}[A-Z]$/, format: 'Firmenbuchnummer, FN 123456a' },
  BE: { pattern: /^[01]\d{9}$/, format: 'enterprise number, 0123.456.789' },
  BG: { pattern: /^(\d{9}|\d{13})$/, format: 'UIC (EIK), 9 or 13 digits' },
  HR: { pattern: /^(\d{9}|\d{11})$/, format: 'MBS 9 digits or OIB 11 digits' },
  CY: { pattern: /^(HE)?\d{1,6}$/, format: 'HE 123456' },
  CZ: { pattern: /^\d{8}$/, format: 'IČO, 8 digits' },
  DK: { pattern: /^\d{8}$/, format: 'CVR, 8 digits' },
  EE: { pattern: /^\d{8}$/, format: 'registry code, 8 digits' },
  FI: { pattern: /^\d{7}-\d$/, format: 'Y-tunnus, 1234567-8' },
  FR: { pattern: /^\d{9}(\d{5})?$/, format: 'SIREN 9 digits or SIRET 14 digits' },
  DE: {
    pattern: /^(HRA|HRB|GNR|PR|VR)\d{1,6}[A-Z]{0,2}$/,
    format: 'Handelsregister, HRB 12345 (optional suffix letter)',
  },
  GR: { pattern: /^\d{9,12}$/, format: 'GEMI number, 9 to 12 digits' },
  HU: { pattern: /^\d{2}-?\d{2}-?\d{6}$/, format: 'cégjegyzékszám, 01-09-123456' },
  IE: { pattern: /^\d{1,6}$/, format: 'CRO number, up to 6 digits' },
  IT: { pattern: /^(\d{11}|[A-Z]{2}-?\d{1,7})$/, format: 'codice fiscale 11 digits or REA, MI-1234567' },
  LV: { pattern: /^\d{11}$/, format: 'registration number, 11 digits' },
  LT: { pattern: /^\d{9}$/, format: 'company code, 9 digits' },
  LU: { pattern: /^[A-Z]\d{1,6}$/, format: 'RCS, B123456' },
  MT: { pattern: /^C\d{1,6}$/, format: 'C 12345' },
  NL: { pattern: /^\d{8}$/, format: 'KvK, 8 digits' },
  PL: { pattern: /^(\d{9}|\d{10}|\d{14})$/, format: 'KRS 10 digits or REGON 9/14 digits' },
  PT: { pattern: /^\d{9}$/, format: 'NIPC, 9 digits' },
  RO: {
    pattern: /^([JFC]\d{1,2}\/\d{1,6}\/\d{4}|[JFC]\d{13})$/,
    format: 'trade register, J40/1234/2020 or J2020001234404',
  },
  SK: { pattern: /^\d{8}$/, format: 'IČO, 8 digits' },
  SI: { pattern: /^(\d{7}|\d{10})$/, format: 'matična številka, 7 or 10 digits' },
  ES: { pattern: /^[A-HJNP-SUVW]\d{7}[0-9A-J]$/, format: 'CIF, B12345678' },
  SE: { pattern: /^\d{6}-?\d{4}$/, format: 'organisationsnummer, 556123-4567' },
  GB: { pattern: /^(\d{8}|[A-Z]{2}\d{6}|R\d{7})$/, format: 'Companies House, 01234567 or SC123456' },
};

export function normaliseRegistrationNumber(value: string): string {
  return value.toUpperCase().replace(/[\s.]+/g, '');
}

export function isValidRegistrationNumber(country: CompanyCountry, value: string): boolean {
  return REGISTRATION_NUMBER_FORMATS[country].pattern.test(normaliseRegistrationNumber(value));
}

/** SPEC §5: "Please enter a valid registration number". Countries outside the EU and GB are not checked. */
export function registrationNumberSchema(country: string) {
  return stringInput()
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(40, { error: 'validation.registrationNumberInvalid', abort: true })
    .refine((value) => !isCompanyCountry(country) || isValidRegistrationNumber(country, value), {
      error: 'validation.registrationNumberInvalid',
    });
}

const VAT_COUNTRIES: Readonly<Record<CompanyCountry, Country>> = {
  AT: austria,
  BE: belgium,
  BG: bulgaria,
  HR: croatia,
  CY: cyprus,
  CZ: czechRepublic,
  DK: denmark,
  EE: estonia,
  FI: finland,
  FR: france,
  DE: germany,
  GR: greece,
  HU: hungary,
  IE: ireland,
  IT: italy,
  LV: latvia,
  LT: lithuania,
  LU: luxembourg,
  MT: malta,
  NL: netherlands,
  PL: poland,
  PT: portugal,
  RO: romania,
  SK: slovakiaRepublic,
  SI: slovenia,
  ES: spain,
  SE: sweden,
  GB: unitedKingdom,
};

/** The VAT prefix differs from the ISO code only for Greece. */
export function vatPrefixFor(country: CompanyCountry): string {
  return country === 'GR' ? 'EL' : country;
}

/**
 * Uppercased, without spaces, dots, hyphens and slashes; the country prefix added when typed without it
 * (Greece's ISO prefix GR is read as its VAT prefix EL).
 */
export function normaliseVatNumber(country: CompanyCountry, value: string): string {
  const compact = value.toUpperCase().replace(/[\s.\-/]+/g, '');
  const prefix = vatPrefixFor(country);
  if (country === 'GR' && compact.startsWith('GR')) return `EL${compact.slice(2)}`;
  return compact.startsWith(prefix) ? compact : `${prefix}${compact}`;
}

/**
 * SPEC §5: country prefix plus national format, case-insensitive. jsvat supplies each country's format;
 * we check the format only (not jsvat's checksums), as SPEC asks for a pattern check.
 */
export function isValidVatNumber(country: CompanyCountry, value: string): boolean {
  const result = checkVAT(normaliseVatNumber(country, value), [VAT_COUNTRIES[country]]);
  return result.isSupportedCountry && result.isValidFormat;
}

export function vatNumberSchema(country: string) {
  return stringInput()
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(20, { error: 'validation.vatNumberInvalid', abort: true })
    .refine((value) => isCompanyCountry(country) && isValidVatNumber(country, value), {
      error: 'validation.vatNumberInvalid',
    });
}

/** Company identifiers entered together with their country (the rules depend on it). */
export const companyIdentifiersSchema = objectInput({
  country: z.enum(COMPANY_COUNTRIES, { error: 'validation.countryInvalid' }),
  registrationNumber: stringInput().trim().min(1, { error: 'validation.required' }),
  vatNumber: stringInput().trim().optional(),
}).superRefine((company, ctx) => {
  if (!isValidRegistrationNumber(company.country, company.registrationNumber)) {
    ctx.addIssue({
      code: 'custom',
      message: 'validation.registrationNumberInvalid',
      path: ['registrationNumber'],
      input: company.registrationNumber,
    });
  }
  if (company.vatNumber && !isValidVatNumber(company.country, company.vatNumber)) {
    ctx.addIssue({
      code: 'custom',
      message: 'validation.vatNumberInvalid',
      path: ['vatNumber'],
      input: company.vatNumber,
    });
  }
});

/** SPEC §5: onboarding shortcode is required, numeric, 6 digits, each with its own message. */
export const onboardingShortcodeSchema = stringInput('validation.shortcodeRequired')
  .trim()
  .min(1, { error: 'validation.shortcodeRequired', abort: true })
  .regex(/^\d+$/, { error: 'validation.shortcodeNumeric', abort: true })
  .length(ONBOARDING_SHORTCODE_LENGTH, { error: 'validation.shortcodeLength' });

/**
 * An industry chosen from the list; an unsupported one fails with SPEC §5's message, naming the industry
 * (issue params `{ industry }`).
 */
export function industrySchema(unsupported: readonly string[]) {
  return stringInput('validation.industryRequired')
    .trim()
    .min(1, { error: 'validation.industryRequired', abort: true })
    .superRefine((industry, ctx) => {
      if (unsupported.includes(industry)) {
        ctx.addIssue({
          code: 'custom',
          message: 'validation.industryUnsupported',
          params: { industry },
          input: industry,
        });
      }
    });
}
