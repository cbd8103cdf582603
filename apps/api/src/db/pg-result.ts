import pg from 'pg';

interface Field {
  name: string;
  dataTypeID: number;
  format?: string;
}
type TypeParsers = { getTypeParser(oid: number, format: string): unknown };
/** The fields of node-postgres's Result that its `addFields` sets (pg/lib/result.js, 8.x). */
interface ResultFields {
  fields: Field[];
  _parsers: unknown[] | undefined;
  _types: TypeParsers | undefined;
  rowAsArray: boolean;
  _prebuiltEmptyResultObject: Record<string, null> | null;
}

/** At most this many column lists are remembered (the API sends a few dozen statements). */
const MAX_TEMPLATES = 1024;
const templates = new Map<string, Record<string, null>>();
let installed = false;
let configsInstalled = false;

/**
 * node-postgres builds, for every statement's row description, the empty row its object rows are copied from:
 * one property at a time on a prototype-less object (a dictionary), then copied again. Done for every statement
 * of every request, that was 1–3 % of the API's CPU on the read routes (docs/PERFORMANCE.md, session 14). Here
 * the same empty row is built once per column list and shared: `parseRow` only ever copies it (`{ ...row }`),
 * never writes to it. The parsers are still taken per statement (they depend on the query's own `types`), and
 * rows read as arrays (Drizzle's selects) build no empty row at all, as they never read one.
 *
 * Installed once per process, on PostgreSQL only (db/client.ts); PGlite does not use node-postgres's Result.
 */
export function shareResultRowTemplates(): void {
  if (installed) return;
  installed = true;
  const Result = (pg as unknown as { Result: { prototype: { addFields(fields: Field[]): void } } }).Result;
  const pgTypes = pg.types as unknown as TypeParsers;
  Result.prototype.addFields = function addFields(this: ResultFields, fields: Field[]) {
    this.fields = fields;
    if (fields.length) this._parsers = new Array(fields.length);
    const types = this._types ?? pgTypes;
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i] as Field;
      (this._parsers as unknown[])[i] = types.getTypeParser(field.dataTypeID, field.format || 'text');
    }
    if (this.rowAsArray) return;
    // A column name holds no NUL (PostgreSQL's names are C strings), so the joined names identify the list.
    let key = '';
    for (const field of fields) key += `${field.name}\u0000`;
    let template = templates.get(key);
    if (!template) {
      // As node-postgres builds it (a name such as `__proto__` stays an ordinary column).
      const row = Object.create(null) as Record<string, null>;
      for (const field of fields) row[field.name] = null;
      template = { ...row };
      if (templates.size >= MAX_TEMPLATES) templates.clear();
      templates.set(key, template);
    }
    this._prebuiltEmptyResultObject = template;
  };
}

type QueryConfig = Record<string, unknown> | null | undefined;
interface PgUtils {
  normalizeQueryConfig(config: unknown, values?: unknown, callback?: unknown): QueryConfig;
}

/**
 * node-postgres copies every query's config object before it reads it (`normalizeQueryConfig`, pg/lib/utils.js,
 * 8.x) with `Object.defineProperties(Object.create(prototype), Object.getOwnPropertyDescriptors(config))`: a
 * property-descriptor copy, which makes the copy a slow dictionary-mode object and costs ~1.2 µs per query (and
 * megamorphic reads of it in `new Query`). Drizzle passes a plain object literal (name, text, rowMode, types)
 * for every statement: such a config is copied here with a spread, the same own enumerable data properties on
 * the same prototype (`Object.prototype`). Anything else (a class instance, an object with another prototype)
 * keeps node-postgres's own copy; a string is made `{ text }` as before. The caller's object is never mutated.
 *
 * Installed once per process, on PostgreSQL only (db/client.ts).
 */
export function copyPlainQueryConfigs(): void {
  if (configsInstalled) return;
  configsInstalled = true;
  const utils = (pg as unknown as { utils: PgUtils }).utils;
  const original = utils.normalizeQueryConfig.bind(utils);
  utils.normalizeQueryConfig = (config, values, callback) => {
    if (typeof config !== 'object' || config === null || Object.getPrototypeOf(config) !== Object.prototype)
      return original(config, values, callback);
    const copy: Record<string, unknown> = { ...(config as Record<string, unknown>) };
    if (values) {
      if (typeof values === 'function') copy.callback = values;
      else copy.values = values;
    }
    if (callback) copy.callback = callback;
    return copy;
  };
}

/** A timestamptz as PostgreSQL writes it in a UTC session (ISO DateStyle), years 1000–9999. */
const UTC_INSTANT_TEXT = /^[1-9]\d{3}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.(\d{1,6}))?\+00$/;

/**
 * `new Date(text).toISOString()` of a timestamptz's text without the Date: in a UTC session the text is already
 * the instant, rearranged ('2026-11-24 15:55:36.123456+00' → '2026-11-24T15:55:36.123Z', the milliseconds
 * truncated as a Date keeps them). The Date's parse and write were ~2 µs a value, ~100 µs of the list's 51-row
 * page (docs/PERFORMANCE.md, session 16). Any other text (another zone's offset, a year before 1000, which the
 * Date reads otherwise, or after 9999, a BC date, another DateStyle) still goes through the Date.
 */
export function isoInstant(text: string): string {
  const match = UTC_INSTANT_TEXT.exec(text);
  if (!match) return new Date(text).toISOString();
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${`${match[1] ?? ''}000`.slice(0, 3)}Z`;
}
