// Every table of the database, one file per area. drizzle-kit reads this file.
export * from './identity.ts';
