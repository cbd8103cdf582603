// SPEC §3 and §4 value sets, as `as const` arrays with their types. Roles and permission names live in
// ./permissions.ts; locales in ./locales.ts.

export const TRANSACTION_STATUSES = [
  'pending',
  'pre-authorized',
  'pre-authorized-pending-capture',
  'pre-authorized-capture-failed',
  'captured',
  'failed',
  'refund-pending',
  'refund',
  'refunded',
  'unref-refund',
  'partially-refunded',
  'chargeback-pending',
  'chargedback',
  'cancelled',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** adyen-terminal is in person. */
export const PAYMENT_SOURCES = ['adyen-terminal', 'pay-by-link', 'tap-to-pay'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export const PAYOUT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Why the (simulated) bank refused a payout transfer; the portal shows each in the user's language. */
export const PAYOUT_FAILURE_CODES = [
  'account-unavailable',
  'account-closed',
  'account-details-invalid',
  'rejected-by-bank',
] as const;
export type PayoutFailureCode = (typeof PAYOUT_FAILURE_CODES)[number];

export const INVOICE_STATUSES = ['upcoming', 'open', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * Where the last collection of an invoice stands at the billing provider (decision 0078). A Direct Debit is
 * `processing` for days (the invoice stays open or overdue meanwhile), then `succeeded` (paid) or `failed`.
 */
export const INVOICE_PAYMENT_STATUSES = ['processing', 'succeeded', 'failed'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

export const INVOICE_DISPLAY_TYPES = [
  'billing_summary',
  'stripe_invoice',
  'yeti_invoice',
  'per_site_breakdown_csv',
] as const;
export type InvoiceDisplayType = (typeof INVOICE_DISPLAY_TYPES)[number];

export const REPORT_TYPES = ['transactions', 'payouts', 'payoutDetail'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Reports flow NEW → PROCESSING → READY or ERROR (SPEC §4). */
export const REPORT_STATES = ['NEW', 'PROCESSING', 'READY', 'ERROR'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

export const REPORT_TRANSITIONS: Readonly<Record<ReportState, readonly ReportState[]>> = {
  NEW: ['PROCESSING'],
  PROCESSING: ['READY', 'ERROR'],
  READY: [],
  ERROR: [],
};

export const PAYMENT_METHOD_TYPES = ['card', 'sepa_debit', 'bacs_debit'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const ENTITY_TYPES = ['sole-trader', 'company'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** SPEC §3 names inactive and churned; the API contract adds active and blocked. */
export const MERCHANT_STATUSES = ['active', 'inactive', 'churned', 'blocked'] as const;
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];

/** SPEC §3: verified counts as activated; the other states are ours. */
export const KYC_ONBOARDING_STATUSES = ['pending', 'in-review', 'verified', 'rejected'] as const;
export type KycOnboardingStatus = (typeof KYC_ONBOARDING_STATUSES)[number];

/** SPEC §4: a merchant is activated when not inactive and verified. */
export function isMerchantActivated(merchant: { status: string; kycOnboardingStatus: string }): boolean {
  return merchant.status !== 'inactive' && merchant.kycOnboardingStatus === 'verified';
}

export const DEVICE_MODELS = [
  { id: 'with-printer', printer: true, weightGrams: 495, screenInches: 5.5 },
  { id: 'without-printer', printer: false, weightGrams: 262, screenInches: 5 },
] as const;
export type DeviceModel = (typeof DEVICE_MODELS)[number]['id'];
export const DEVICE_MODEL_IDS = DEVICE_MODELS.map((model) => model.id) as readonly DeviceModel[];

export const APP_LOAD_STATES = ['NOT_LOADED', 'LOADING', 'LOADED'] as const;
export type AppLoadState = (typeof APP_LOAD_STATES)[number];

export const BILLING_LOAD_STATES = ['NOT_LOADED', 'LOADING', 'LOADED', 'ERROR'] as const;
export type BillingLoadState = (typeof BILLING_LOAD_STATES)[number];

export const SIGN_IN_STATUSES = ['IDLE', 'LOADING', 'LOADED'] as const;
export type SignInStatus = (typeof SIGN_IN_STATUSES)[number];

export const SETTLEMENT_TYPES = ['net', 'gross'] as const;
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];

/** The days a merchant's trading hours are kept for (SPEC §3 settings), Monday first. */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
