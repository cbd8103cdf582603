/** The invoice jobs' queue names (invoice-jobs.ts defines the jobs). */
export const INVOICE_SCHEDULE_JOB = 'invoices.schedule-month';
export const INVOICE_BUILD_JOB = 'invoices.build-month';
export const INVOICE_COLLECT_JOB = 'invoices.collect';
/** Asks the billing provider how a processing Direct Debit stands (the simulator settles only this way). */
export const INVOICE_DEBIT_CHECK_JOB = 'invoices.check-debit';

/** The build job's singleton key: one job per merchant and month waits or runs at a time. */
export const invoiceBuildKey = (merchantId: string, month: string) => `${merchantId}:${month}`;
