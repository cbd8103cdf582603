import { siteFormSchema, siteUpdateFormSchema } from '@mp/domain/schemas/site';
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

/** The API shape (before the domain schema drops empty optional fields and uppercases the postal code). */
export function toSiteInput(values: SiteFormValues) {
  const { line1, line2, city, stateOrProvince, postalCode, country, ...site } = values;
  return { ...site, address: { line1, line2, city, stateOrProvince, postalCode, country } };
}

/** A field of the form for an API or schema path (`address.postalCode`, `site.name` → `postalCode`, `name`). */
export function formFieldOf(path: string): keyof SiteFormValues | undefined {
  const last = path.split('.').filter((part) => part !== 'site' && part !== 'address')[0];
  return last && last in EMPTY_SITE_FORM ? (last as keyof SiteFormValues) : undefined;
}

/** Validates with the domain's site schema (the API applies the same one); the name is not edited on update. */
export function siteFormResolver(kind: 'create' | 'edit'): Resolver<SiteFormValues> {
  return async (values) => {
    const input = toSiteInput(values);
    const result =
      kind === 'create'
        ? siteFormSchema.safeParse(input)
        : siteUpdateFormSchema.safeParse({ ...input, name: undefined });
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<SiteFormValues> = {};
    for (const issue of result.error.issues) {
      const field = formFieldOf(issue.path.join('.'));
      if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}
