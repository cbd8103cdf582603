import { describe, expect, it } from 'vitest';
import { deviceOrderAgreementSchema, deviceRentalTermsSchema } from '../src/schemas/devices.ts';
import { userInviteSchema, userUpdateSchema } from '../src/schemas/users.ts';
import { accepted, messageFor, rejected } from './rule-helpers.ts';

const invite = { email: 'Sam@Shop.COM', firstName: 'Sam', lastName: 'Lee' };

describe('user invite and update (SPEC §3, §5)', () => {
  it('accepts a CompanyOwner without sites, lowercasing the email', () => {
    expect(accepted(userInviteSchema, { ...invite, companyRoles: ['CompanyOwner'], siteRoles: [] })).toEqual({
      email: 'sam@shop.com',
      firstName: 'Sam',
      lastName: 'Lee',
      companyRoles: ['CompanyOwner'],
      siteRoles: [],
    });
  });

  it('accepts a SiteManager on one site or on every site (*)', () => {
    for (const siteId of ['site-1', '*']) {
      expect(
        accepted(userInviteSchema, {
          ...invite,
          companyRoles: [],
          siteRoles: [{ siteId, roles: ['SiteManager'] }],
        }),
      ).toBeTruthy();
    }
  });

  it('rejects a non-admin user without a site: "At least one site must be selected"', () => {
    expect(rejected(userInviteSchema, { ...invite, companyRoles: [], siteRoles: [] })).toEqual([
      { field: 'siteRoles', rule: 'validation.siteRequired', message: 'At least one site must be selected' },
    ]);
    expect(
      messageFor(userUpdateSchema, { firstName: 'A', lastName: 'B', companyRoles: [], siteRoles: [] }),
    ).toBe('At least one site must be selected');
  });

  it('names every missing or wrong field', () => {
    expect(
      rejected(userInviteSchema, {
        email: 'nope',
        firstName: ' ',
        companyRoles: ['Admin'],
        siteRoles: [{ siteId: '', roles: [] }],
      }).map((d) => [d.field, d.message]),
    ).toEqual([
      ['email', 'Email must be valid'],
      ['firstName', 'Required'],
      ['lastName', 'Required'],
      ['companyRoles.0', 'Please select a valid role'],
      ['siteRoles.0.siteId', 'Required'],
      ['siteRoles.0.roles', 'Please select a valid role'],
    ]);
  });

  it('limits names to 100 characters', () => {
    expect(
      messageFor(userUpdateSchema, {
        firstName: 'x'.repeat(101),
        lastName: 'B',
        companyRoles: ['CompanyOwner'],
        siteRoles: [],
      }),
    ).toBe('Must be 100 characters or fewer');
  });
});

describe('device rental terms (SPEC §5)', () => {
  it('must be agreed before ordering', () => {
    expect(accepted(deviceRentalTermsSchema, true)).toBe(true);
    for (const input of [false, undefined, 'true', 1]) {
      expect(messageFor(deviceRentalTermsSchema, input)).toBe(
        'You must agree to the terms before placing an order',
      );
    }
    expect(rejected(deviceOrderAgreementSchema, { termsAgreed: false })).toEqual([
      {
        field: 'termsAgreed',
        rule: 'validation.termsNotAgreed',
        message: 'You must agree to the terms before placing an order',
      },
    ]);
  });
});
