/**
 * The modules that run jobs (their queues are named `<module>.…`; src/jobs/definitions.ts loads each one's
 * code). Its own file so the configuration (JOBS_MODULES) can name them without importing any job code.
 */
export const JOB_MODULE_NAMES = ['staff', 'payouts', 'invoices', 'reports', 'eod-reports'] as const;
export type JobModuleName = (typeof JOB_MODULE_NAMES)[number];
