// Every table of the database, one file per area. drizzle-kit reads this file.
export * from './access.ts';
export * from './analytics.ts';
export * from './audit.ts';
export * from './billing.ts';
export * from './billing-sessions.ts';
export * from './capital.ts';
export * from './devices.ts';
export * from './identity.ts';
export * from './merchants.ts';
export * from './onboarding.ts';
export * from './payouts.ts';
export * from './psp.ts';
export * from './rate-signatures.ts';
export * from './reports.ts';
export * from './sites.ts';
export * from './staff.ts';
export * from './transactions.ts';
