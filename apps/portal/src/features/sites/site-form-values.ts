import { type SiteInput, siteFormSchema, siteUpdateFormSchema } from '@mp/domain/schemas/site';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { Site } from './api/sites-api.ts';

/** What the site form holds: text as typed; empty optional fields are dropped on submit (SPEC §5). */
export interface SiteFormValues {
  name: string;
  displayName: string;
  shortCode: string;
  payByLinkTermsUrl: string;
  settlementWindow: string;
  line1: string;
  line2: string;
  city: string;
  stateOrProvince: string;
  postalCode: string;
  country: string;
}

export const EMPTY_SITE_FORM: SiteFormValues = {
  name: '',
  displayName: '',
  shortCode: '',
  payByLinkTermsUrl: '',
  settlementWindow: '00:00',
  line1: '',
  line2: '',
  city: '',
  stateOrProvince: '',
  postalCode: '',
  country: 'GB',
};

export function fromSite(site: Site): SiteFormValues {
  return {
    name: site.name,
    displayName: site.displayName ?? '',
    shortCode: site.shortCode ?? '',
    payByLinkTermsUrl: site.payByLinkTermsUrl ?? '',
    settlementWindow: site.settlementWindow,
    line1: site.address.line1,
    line2: site.address.line2 ?? '',
    city: site.address.city,
    stateOrProvince: site.address.stateOrProvince ?? '',
    postalCode: site.address.postalCode,
    country: site.address.country,
  };
}

/** The API's shape of the values as typed, which the domain schema then cleans (siteFormResolver). */
export function toSiteInput(values: SiteFormValues) {
  const { line1, line2, city, stateOrProvince, postalCode, country, ...site } = values;
  return { ...site, address: { line1, line2, city, stateOrProvince, postalCode, country } };
}

/** A field of the form for an API or schema path (`address.postalCode`, `site.name` → `postalCode`, `name`). */
export function formFieldOf(path: string): keyof SiteFormValues | undefined {
  const last = path.split('.').filter((part) => part !== 'site' && part !== 'address')[0];
  return last && last in EMPTY_SITE_FORM ? (last as keyof SiteFormValues) : undefined;
}

/**
 * Validates with the domain's site schema (the API applies the same one) and submits what it makes of the values
 * (SPEC §5: the postal code uppercased, empty optional fields removed before sending), not the text as typed. The
 * name is not edited on update: an edit submits the name it shows, which its screen does not send.
 */
export function siteFormResolver(kind: 'create' | 'edit'): Resolver<SiteFormValues, unknown, SiteInput> {
  return async (values) => {
    const input = toSiteInput(values);
    const result =
      kind === 'create'
        ? siteFormSchema.safeParse(input)
        : siteUpdateFormSchema.safeParse({ ...input, name: undefined });
    if (result.success) return { values: { ...result.data, name: values.name }, errors: {} };
    const errors: FieldErrors<SiteFormValues> = {};
    for (const issue of result.error.issues) {
      const field = formFieldOf(issue.path.join('.'));
      if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}
