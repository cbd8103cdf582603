// The onboarding wizard's four steps (SPEC §2.4, §5 "Onboarding and company", §7 POST /v1/customer-accounts).
// Each step has its own schema so a step is saved (and validated) on its own; the full body is all three
// data steps together (step 4, verification checks, holds no data).
import { z } from 'zod';
import { ENTITY_TYPES, PAYMENT_METHOD_TYPES } from '../enums.ts';
import { objectInput, requiredText, stringInput } from './common.ts';
import {
  COMPANY_COUNTRIES,
  type CompanyCountry,
  isCompanyCountry,
  isValidRegistrationNumber,
  isValidVatNumber,
} from './company.ts';
import { phoneNumberSchema } from './phone.ts';
import { siteFormSchema } from './site.ts';

/**
 * Industries a merchant can be in (merchant category codes). `supported: false` ones are refused with SPEC §5's
 * "We don't currently support {industry}. …"; names per locale live in the portal's onboarding texts.
 */
export const INDUSTRIES = [
  { code: '5812', name: 'Restaurants and cafés', supported: true },
  { code: '5813', name: 'Bars and pubs', supported: true },
  { code: '5411', name: 'Grocery stores', supported: true },
  { code: '5462', name: 'Bakeries', supported: true },
  { code: '5651', name: 'Clothing and accessories', supported: true },
  { code: '7230', name: 'Hair and beauty', supported: true },
  { code: '5912', name: 'Pharmacies', supported: true },
  { code: '7299', name: 'Other personal services', supported: true },
  { code: '7995', name: 'Gambling', supported: false },
  { code: '5993', name: 'Tobacco and vape shops', supported: false },
  { code: '6051', name: 'Cryptocurrency', supported: false },
] as const;
export type IndustryCode = (typeof INDUSTRIES)[number]['code'];
export const INDUSTRY_CODES = INDUSTRIES.map((industry) => industry.code) as [
  IndustryCode,
  ...IndustryCode[],
];

export function industryOf(code: string) {
  return INDUSTRIES.find((industry) => industry.code === code);
}

/** The ways a merchant takes payments from its customers (step 2). */
export const ACCEPTED_PAYMENT_METHODS = ['in-person', 'pay-by-link', 'tap-to-pay'] as const;
export type AcceptedPaymentMethod = (typeof ACCEPTED_PAYMENT_METHODS)[number];
export const PRICING_CHOICES = ['standard', 'deal'] as const;

const companyFieldsSchema = objectInput({
  entityType: z.enum(ENTITY_TYPES, { error: 'validation.invalid' }),
  country: z.enum(COMPANY_COUNTRIES, { error: 'validation.countryInvalid' }),
  legalEntityName: requiredText(200),
  registrationNumber: stringInput().trim().max(40, { error: 'validation.registrationNumberInvalid' }),
  vatNumber: stringInput().trim().max(20, { error: 'validation.vatNumberInvalid' }).optional(),
  industry: z.enum(INDUSTRY_CODES, { error: 'validation.industryRequired' }),
  phone: phoneNumberSchema,
});

/**
 * The rules that need more than one field (registration and VAT numbers by country, registration number required
 * of companies, unsupported industry). They guard every input, so a form can run them while other fields fail.
 */
function checkCompanyAcrossFields(
  company: Record<string, unknown>,
  ctx: {
    addIssue: (issue: {
      code: 'custom';
      message: string;
      path: string[];
      input: unknown;
      params?: Record<string, string>;
    }) => void;
  },
) {
  const country = company.country as unknown;
  if (!isCompanyCountry(country)) return;
  const number = typeof company.registrationNumber === 'string' ? company.registrationNumber.trim() : '';
  if (company.entityType === 'company' && number === '') {
    ctx.addIssue({
      code: 'custom',
      message: 'validation.required',
      path: ['registrationNumber'],
      input: number,
    });
  } else if (number !== '' && !isValidRegistrationNumber(country, number)) {
    ctx.addIssue({
      code: 'custom',
      message: 'validation.registrationNumberInvalid',
      path: ['registrationNumber'],
      input: number,
    });
  }
  const vat = typeof company.vatNumber === 'string' ? company.vatNumber.trim() : '';
  if (vat && !isValidVatNumber(country, vat)) {
    ctx.addIssue({
      code: 'custom',
      message: 'validation.vatNumberInvalid',
      path: ['vatNumber'],
      input: vat,
    });
  }
  const industry = industryOf(String(company.industry));
  if (industry && !industry.supported) {
    ctx.addIssue({
      code: 'custom',
      message: 'validation.industryUnsupported',
      params: { industry: industry.name },
      path: ['industry'],
      input: company.industry,
    });
  }
}

/** Step 1: company details. Registration number is required of companies, optional for sole traders. */
export const companyDetailsSchema = companyFieldsSchema.superRefine(checkCompanyAcrossFields);

/** Only the cross-field rules, on any object: forms show them even while another field is still wrong. */
export const companyCrossFieldSchema = z.looseObject({}).superRefine(checkCompanyAcrossFields);
export type CompanyDetails = z.output<typeof companyDetailsSchema>;

/** Step 2: pricing, what the merchant accepts, and how it pays our fees. */
export const paymentsStepSchema = objectInput({
  pricing: z.enum(PRICING_CHOICES, { error: 'validation.invalid' }),
  acceptedPaymentMethods: z
    .array(z.enum(ACCEPTED_PAYMENT_METHODS, { error: 'validation.invalid' }), {
      error: 'validation.required',
    })
    .min(1, { error: 'validation.required' })
    .max(ACCEPTED_PAYMENT_METHODS.length, { error: 'validation.invalid' })
    .refine((methods) => new Set(methods).size === methods.length, { error: 'validation.invalid' }),
  billingPaymentMethod: z.enum(PAYMENT_METHOD_TYPES, { error: 'validation.required' }),
});
export type PaymentsStep = z.output<typeof paymentsStepSchema>;

/** Step 3: the first site, with every site rule (SPEC §5 Sites). */
export const siteStepSchema = siteFormSchema;

/** Step 3 when pay by link was chosen in step 2: the site's terms web address is then required (decision 0136). */
export const siteStepWithPayByLinkSchema = siteFormSchema.superRefine((site, ctx) => {
  if (!site.payByLinkTermsUrl)
    ctx.addIssue({
      code: 'custom',
      message: 'validation.payByLinkTermsRequired',
      path: ['payByLinkTermsUrl'],
      input: site.payByLinkTermsUrl,
    });
});

export const ONBOARDING_STEPS = ['company', 'payments', 'site'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const onboardingStepSchemas = {
  company: companyDetailsSchema,
  payments: paymentsStepSchema,
  site: siteStepSchema,
} as const;

/**
 * SPEC §7 POST /v1/customer-accounts: the full onboarding body, including the site. Pay by link chosen in the
 * payments step turns it on for the first site, which then needs its terms web address (the rule of the site's
 * internal settings; decision 0136).
 */
export const customerAccountBodySchema = objectInput({
  applicationId: z.uuid({ error: 'validation.invalid' }).optional(),
  company: companyDetailsSchema,
  payments: paymentsStepSchema,
  site: siteStepSchema,
}).superRefine((body, ctx) => {
  if (body.payments.acceptedPaymentMethods.includes('pay-by-link') && !body.site.payByLinkTermsUrl)
    ctx.addIssue({
      code: 'custom',
      message: 'validation.payByLinkTermsRequired',
      path: ['site', 'payByLinkTermsUrl'],
      input: body.site.payByLinkTermsUrl,
    });
});

/** The first site's payment-method switches from the wizard's choice (in person needs none: it is the terminal). */
export function sitePaymentMethodsFromOnboarding(accepted: readonly AcceptedPaymentMethod[]) {
  return {
    moto: false,
    payByLink: accepted.includes('pay-by-link'),
    tapToPay: accepted.includes('tap-to-pay'),
  };
}

/**
 * The standard price list (a deal's own rates replace it): percentages per card region and the monthly device
 * rental in minor units of the currency the locale implies (SPEC §1: GBP for English, EUR otherwise).
 */
export const STANDARD_PRICE_LIST = {
  domesticPercent: '1.39',
  eeaPercent: '1.79',
  globalPercent: '2.49',
  amexPercent: '2.49',
  otherPercent: '2.49',
  tapToPayPercent: '1.49',
  deviceRentalMonthly: { GBP: 1500, EUR: 1700 },
} as const;

/** A merchant's currency by its country (the eurozone and GB; other EU members keep their own). */
export function currencyForCountry(country: CompanyCountry): string {
  const own: Partial<Record<CompanyCountry, string>> = {
    GB: 'GBP',
    DK: 'DKK',
    SE: 'SEK',
    PL: 'PLN',
    CZ: 'CZK',
    HU: 'HUF',
    RO: 'RON',
    BG: 'BGN',
  };
  return own[country] ?? 'EUR';
}

/** A merchant's time zone by its country (each of these countries has one). */
export function timeZoneForCountry(country: CompanyCountry): string {
  const zones: Record<CompanyCountry, string> = {
    AT: 'Europe/Vienna',
    BE: 'Europe/Brussels',
    BG: 'Europe/Sofia',
    HR: 'Europe/Zagreb',
    CY: 'Asia/Nicosia',
    CZ: 'Europe/Prague',
    DK: 'Europe/Copenhagen',
    EE: 'Europe/Tallinn',
    FI: 'Europe/Helsinki',
    FR: 'Europe/Paris',
    DE: 'Europe/Berlin',
    GR: 'Europe/Athens',
    HU: 'Europe/Budapest',
    IE: 'Europe/Dublin',
    IT: 'Europe/Rome',
    LV: 'Europe/Riga',
    LT: 'Europe/Vilnius',
    LU: 'Europe/Luxembourg',
    MT: 'Europe/Malta',
    NL: 'Europe/Amsterdam',
    PL: 'Europe/Warsaw',
    PT: 'Europe/Lisbon',
    RO: 'Europe/Bucharest',
    SK: 'Europe/Bratislava',
    SI: 'Europe/Ljubljana',
    ES: 'Europe/Madrid',
    SE: 'Europe/Stockholm',
    GB: 'Europe/London',
  };
  return zones[country];
}

/** Outcomes of the hosted verification (KYC) page. */
export const KYC_OUTCOMES = ['verified', 'needs-more-information', 'rejected'] as const;
export type KycOutcome = (typeof KYC_OUTCOMES)[number];

/** The merchant's verification status an outcome leaves (the hosted page's and staff's alike). */
export function kycStatusAfter(outcome: KycOutcome): 'verified' | 'pending' | 'rejected' {
  return outcome === 'verified' ? 'verified' : outcome === 'rejected' ? 'rejected' : 'pending';
}

/**
 * Staff recording a verification outcome (docs/decisions/0137): verified is final here (a verified merchant
 * is stopped by blocking it, never sent back to pending); a rejected one may be reconsidered (verified, or
 * needs more information) but not rejected twice. Returns the refusal's error code, or null when allowed.
 */
export function kycDecisionRefusal(
  status: string,
  outcome: KycOutcome,
): 'KYC_ALREADY_VERIFIED' | 'KYC_ALREADY_REJECTED' | null {
  if (status === 'verified') return 'KYC_ALREADY_VERIFIED';
  if (status === 'rejected' && outcome === 'rejected') return 'KYC_ALREADY_REJECTED';
  return null;
}

/** Staff's verification decision: the outcome and why (shown in the merchant's audit log). */
export const kycDecisionBodySchema = z.object({
  outcome: z.enum(KYC_OUTCOMES, { error: 'validation.required' }),
  reason: requiredText(500, 'validation.required', { multiline: true }),
});
export type KycDecisionBody = z.infer<typeof kycDecisionBodySchema>;
