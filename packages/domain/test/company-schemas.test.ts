import { describe, expect, it } from 'vitest';
import {
  COMPANY_COUNTRIES,
  type CompanyCountry,
  companyIdentifiersSchema,
  industrySchema,
  isValidRegistrationNumber,
  isValidVatNumber,
  onboardingShortcodeSchema,
  registrationNumberSchema,
  vatNumberSchema,
} from '../src/schemas/company.ts';
import { toValidationDetails } from '../src/validation.ts';
import { accepted, messageFor, rejected } from './rule-helpers.ts';

/** [valid, invalid] company registration numbers per country. */
const REGISTRATION_EXAMPLES: Record<CompanyCountry, [string, string]> = {
  AT: ['FN 123456a', '123456'],
  BE: ['0123.456.789', '2123456789'],
  BG: ['123456789', '12345678'],
  HR: ['12345678901', '1234567890'],
  CY: ['HE123456', 'HE1234567'],
  CZ: ['12345678', '1234567'],
  DK: ['12345678', '123456789'],
  EE: ['12345678', '1234567X'],
  FI: ['1234567-8', '12345678'],
  FR: ['552 100 554', '55210055'],
  DE: ['HRB 12345', 'HRX 12345'],
  GR: ['123456789012', '12345678'],
  HU: ['01-09-123456', '01-09-12345'],
  IE: ['123456', '1234567'],
  IT: ['MI-1234567', 'MI-12345678'],
  LV: ['40003009497', '4000300949'],
  LT: ['123456789', '12345678'],
  LU: ['B123456', 'B1234567'],
  MT: ['C 12345', 'D 12345'],
  NL: ['12345678', '1234567'],
  PL: ['0000012345', '12345'],
  PT: ['501234567', '50123456'],
  RO: ['J40/1234/2020', 'J40-1234-2020'],
  SK: ['12345678', '123456789'],
  SI: ['1234567', '12345678'],
  ES: ['B12345678', '12345678B'],
  SE: ['556123-4567', '556123-456'],
  GB: ['01234567', '1234567'],
};

/** [valid, invalid] VAT numbers per country (format, with prefix). */
const VAT_EXAMPLES: Record<CompanyCountry, [string, string]> = {
  AT: ['ATU12345678', 'ATU1234567'],
  BE: ['BE0411905847', 'BE04119058'],
  BG: ['BG123456789', 'BG12345678'],
  HR: ['HR12345678901', 'HR1234567890'],
  CY: ['CY10259033P', 'CY1025903P'],
  CZ: ['CZ12345678', 'CZ1234567'],
  DK: ['DK12345678', 'DK1234567'],
  EE: ['EE100931558', 'EE200931558'],
  FI: ['FI12345678', 'FI1234567'],
  FR: ['FR40303265045', 'FR4030326504'],
  DE: ['DE136695976', 'DE036695976'],
  GR: ['EL094259216', 'EL09425921'],
  HU: ['HU12345678', 'HU1234567'],
  IE: ['IE6388047V', 'IE638804V'],
  IT: ['IT00743110157', 'IT0074311015'],
  LV: ['LV40003009497', 'LV4000300949'],
  LT: ['LT123456789', 'LT1234567'],
  LU: ['LU15027442', 'LU1502744'],
  MT: ['MT11679112', 'MT01679112'],
  NL: ['NL004495445B01', 'NL004495445A01'],
  PL: ['PL8567346215', 'PL856734621'],
  PT: ['PT501964843', 'PT50196484'],
  RO: ['RO18547290', 'RO0123'],
  SK: ['SK2022749619', 'SK2052749619'],
  SI: ['SI50223054', 'SI05022305'],
  ES: ['ESB12345678', 'ES123456789'],
  SE: ['SE556188840401', 'SE556188840402'],
  GB: ['GB980780684', 'GB98078068'],
};

describe('company registration number per country (SPEC §5)', () => {
  it('covers every EU country and GB', () => {
    expect(Object.keys(REGISTRATION_EXAMPLES).sort()).toEqual([...COMPANY_COUNTRIES].sort());
    expect(COMPANY_COUNTRIES).toHaveLength(28);
  });

  it.each(COMPANY_COUNTRIES)('%s: accepts its valid example and rejects its invalid one', (country) => {
    const [valid, invalid] = REGISTRATION_EXAMPLES[country];
    expect(accepted(registrationNumberSchema(country), valid)).toBe(valid);
    expect(messageFor(registrationNumberSchema(country), invalid)).toBe(
      'Please enter a valid registration number',
    );
  });

  it('NL and DK need exactly 8 digits', () => {
    for (const country of ['NL', 'DK'] as const) {
      expect(isValidRegistrationNumber(country, '12345678')).toBe(true);
      expect(isValidRegistrationNumber(country, '1234567')).toBe(false);
      expect(isValidRegistrationNumber(country, '123456789')).toBe(false);
      expect(isValidRegistrationNumber(country, '1234567A')).toBe(false);
    }
  });

  it('accepts GB Scottish and Northern Irish company numbers, case-insensitive', () => {
    expect(isValidRegistrationNumber('GB', 'sc123456')).toBe(true);
    expect(isValidRegistrationNumber('GB', 'NI123456')).toBe(true);
  });

  it('is required', () => {
    expect(messageFor(registrationNumberSchema('NL'), ' ')).toBe('Required');
  });

  it('does not check countries outside the EU and GB', () => {
    expect(accepted(registrationNumberSchema('US'), 'anything-123')).toBe('anything-123');
  });
});

describe('VAT number per country (SPEC §5)', () => {
  it.each(COMPANY_COUNTRIES)('%s: accepts its valid example and rejects its invalid one', (country) => {
    const [valid, invalid] = VAT_EXAMPLES[country];
    expect(accepted(vatNumberSchema(country), valid)).toBe(valid);
    expect(messageFor(vatNumberSchema(country), invalid)).toBe('Please enter a valid VAT number');
  });

  it('is case-insensitive and ignores spaces and dots', () => {
    expect(isValidVatNumber('AT', 'atu12345678')).toBe(true);
    expect(isValidVatNumber('NL', 'nl004495445b01')).toBe(true);
    expect(isValidVatNumber('BE', 'be 0411.905.847')).toBe(true);
  });

  it('accepts the number without its prefix, and GR or EL for Greece', () => {
    expect(isValidVatNumber('DE', '136695976')).toBe(true);
    expect(isValidVatNumber('GR', 'GR094259216')).toBe(true);
    expect(isValidVatNumber('GR', '094259216')).toBe(true);
  });

  it("rejects another country's VAT number", () => {
    expect(isValidVatNumber('NL', 'DE136695976')).toBe(false);
    expect(messageFor(vatNumberSchema('US'), 'US123')).toBe('Please enter a valid VAT number');
  });

  it('checks both identifiers against the company country', () => {
    const result = companyIdentifiersSchema.safeParse({
      country: 'NL',
      registrationNumber: '1234567',
      vatNumber: 'DE136695976',
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toValidationDetails(result.error)).toEqual([
        {
          field: 'registrationNumber',
          rule: 'validation.registrationNumberInvalid',
          message: 'Please enter a valid registration number',
        },
        {
          field: 'vatNumber',
          rule: 'validation.vatNumberInvalid',
          message: 'Please enter a valid VAT number',
        },
      ]);
    }
    expect(accepted(companyIdentifiersSchema, { country: 'NL', registrationNumber: '12345678' })).toEqual({
      country: 'NL',
      registrationNumber: '12345678',
    });
    expect(rejected(companyIdentifiersSchema, { country: 'US', registrationNumber: '1' })[0]?.message).toBe(
      'Please select a country',
    );
  });
});

describe('onboarding shortcode (SPEC §5)', () => {
  it('accepts 6 digits', () => {
    expect(accepted(onboardingShortcodeSchema, '012345')).toBe('012345');
  });

  it.each([
    ['', 'Shortcode is required'],
    [undefined, 'Shortcode is required'],
    ['12a456', 'Shortcode must be numeric'],
    ['-12345', 'Shortcode must be numeric'],
    ['12345', 'Shortcode must be 6 digits'],
    ['1234567', 'Shortcode must be 6 digits'],
  ])('rejects %j with %j', (input, message) => {
    expect(messageFor(onboardingShortcodeSchema, input)).toBe(message);
  });
});

describe('unsupported industry (SPEC §5)', () => {
  const schema = industrySchema(['Gambling', 'Adult entertainment']);

  it('accepts a supported industry', () => {
    expect(accepted(schema, 'Restaurants')).toBe('Restaurants');
  });

  it('rejects an unsupported one, naming it', () => {
    expect(messageFor(schema, 'Gambling')).toBe(
      "We don't currently support Gambling. Please reach out to support for more information.",
    );
  });

  it('requires an industry', () => {
    expect(messageFor(schema, '')).toBe('Please select an industry');
  });
});
