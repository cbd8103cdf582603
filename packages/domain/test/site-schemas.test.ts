import { describe, expect, it } from 'vitest';
import {
  removeEmptyOptionalSiteFields,
  siteDisplayNameSchema,
  siteFormSchema,
  siteInputSchema,
  siteNameSchema,
  siteShortCodeSchema,
  siteUpdateFormSchema,
} from '../src/schemas/site.ts';
import { accepted, messageFor, rejected } from './rule-helpers.ts';

const SITE_NAME_MESSAGE = 'Site name can only contain letters, number, spaces hyphens and underscores.';
const DISPLAY_NAME_MESSAGE =
  'Site display name can only contain letters, number, spaces, hyphens, underscores, commas, exclamation marks, ampersand and @';
const SHORT_CODE_MESSAGE = 'Please enter a shortcode consisting of 2 to 4 alphanumeric characters';

const address = { line1: '1 High Street', city: 'London', postalCode: 'sw1a 1aa', country: 'GB' };

describe('site name (SPEC §5)', () => {
  it.each(['Main Street', 'main_street-2', 'A', 'SHOP 42'])('accepts %j', (input) => {
    expect(accepted(siteNameSchema, input)).toBe(input);
  });

  it.each(['Café', "Joe's", 'Shop & Co', 'shop@home', 'shop.co', 'a/b'])('rejects %j', (input) => {
    expect(messageFor(siteNameSchema, input)).toBe(SITE_NAME_MESSAGE);
  });

  it('is required', () => {
    expect(messageFor(siteNameSchema, '  ')).toBe('Required');
  });

  it('is at most 100 characters', () => {
    expect(messageFor(siteNameSchema, 'a'.repeat(101))).toBe('Must be 100 characters or fewer');
  });
});

describe('site display name (SPEC §5)', () => {
  it.each(['Café de Flore', "Joe's Bar & Grill!", 'Müller, Straße 5', 'Niño_1 @ Plaza-Mayor', 'Caffè Nero'])(
    'accepts %j',
    (input) => {
      expect(accepted(siteDisplayNameSchema, input)).toBe(input);
    },
  );

  it.each(['Bar\tTab', 'Bar\nNewline', 'Nul\u0000', 'Lone \ud800'])(
    'rejects %j by the text rule',
    (input) => {
      expect(siteDisplayNameSchema.safeParse(input).error?.issues[0]?.message).toBe(
        'validation.textInvalidCharacters',
      );
    },
  );

  it.each(['Shop.co', 'Shop (London)', 'Price: £5', '50%', 'A/B', 'Quote "x"'])('rejects %j', (input) => {
    expect(messageFor(siteDisplayNameSchema, input)).toBe(DISPLAY_NAME_MESSAGE);
  });
});

describe('site short code (SPEC §5)', () => {
  it.each(['AB', 'a1', 'AB12', '1234'])('accepts %j', (input) => {
    expect(accepted(siteShortCodeSchema, input)).toBe(input);
  });

  it.each(['A', 'ABCDE', 'A-B', 'AB 1', 'É1', ''])('rejects %j', (input) => {
    expect(messageFor(siteShortCodeSchema, input)).toBe(SHORT_CODE_MESSAGE);
  });

  it('is optional in a site', () => {
    expect(accepted(siteInputSchema, { name: 'Main', address }).shortCode).toBeUndefined();
  });
});

describe('site input (SPEC §3, §5)', () => {
  it('uppercases the postal code', () => {
    expect(accepted(siteInputSchema, { name: 'Main', address }).address.postalCode).toBe('SW1A 1AA');
  });

  it('the form removes empty optional fields before sending', () => {
    const form = {
      name: 'Main',
      displayName: '',
      shortCode: '  ',
      payByLinkTermsUrl: '',
      address: { ...address, line2: '', stateOrProvince: '' },
    };
    expect(accepted(siteFormSchema, form)).toEqual({
      name: 'Main',
      address: { line1: '1 High Street', city: 'London', postalCode: 'SW1A 1AA', country: 'GB' },
    });
    expect(removeEmptyOptionalSiteFields(form)).not.toHaveProperty('displayName');
  });

  it('keeps optional fields that are filled', () => {
    const site = accepted(siteFormSchema, {
      name: 'Main',
      displayName: 'Café',
      shortCode: 'MN1',
      payByLinkTermsUrl: 'https://example.com/terms',
      address: { ...address, line2: 'Floor 2', stateOrProvince: 'Greater London' },
    });
    expect(site).toMatchObject({ displayName: 'Café', shortCode: 'MN1', address: { line2: 'Floor 2' } });
  });

  it('names each broken field by its path', () => {
    expect(
      rejected(siteInputSchema, {
        name: 'Bad!',
        shortCode: 'X',
        address: { line1: '', city: 'London', postalCode: '!!', country: 'GBR' },
      }),
    ).toEqual([
      { field: 'name', rule: 'validation.siteNameInvalid', message: SITE_NAME_MESSAGE },
      { field: 'shortCode', rule: 'validation.siteShortCodeInvalid', message: SHORT_CODE_MESSAGE },
      { field: 'address.line1', rule: 'validation.required', message: 'Required' },
      {
        field: 'address.postalCode',
        rule: 'validation.postalCodeInvalid',
        message: 'Please enter a valid postal code',
      },
      { field: 'address.country', rule: 'validation.countryInvalid', message: 'Please select a country' },
    ]);
  });

  it('the API rejects an empty optional field rather than storing it', () => {
    expect(rejected(siteInputSchema, { name: 'Main', displayName: '', address })[0]?.field).toBe(
      'displayName',
    );
  });

  it('rejects a pay-by-link terms URL that is not http(s)', () => {
    expect(
      rejected(siteInputSchema, { name: 'Main', payByLinkTermsUrl: 'ftp://x.com', address })[0]?.rule,
    ).toBe('validation.urlInvalid');
  });

  it('an update cannot carry a name (it cannot be changed later)', () => {
    expect(accepted(siteUpdateFormSchema, { name: 'Other', displayName: '', address })).toEqual({
      address: { ...address, postalCode: 'SW1A 1AA' },
    });
  });
});
