// Issue 8 §3: keyset-page cursors (`lastKey`). A cursor is opaque to clients; the codec decodes only what it
// wrote itself (same version, same shape, every part valid and in range, the exact bytes it would write) and
// answers undefined for anything else, so a forged or damaged key never reaches a query.
import { isDateInRange } from './rules/date.ts';

/** The kinds of value a cursor may hold, each checked on the way back in. */
export type CursorPart = 'date' | 'day' | 'uuid' | 'int' | 'text';
type PartValue<P extends CursorPart> = P extends 'date' ? Date : P extends 'int' ? number : string;
export type CursorValues<Parts extends readonly CursorPart[]> = { [I in keyof Parts]: PartValue<Parts[I]> };

const VERSION = 1;
/** A cursor is short; anything longer was not written here. */
export const CURSOR_MAX_LENGTH = 512;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const TEXT_PART = /^[\x20-\x7e]{0,200}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A PostgreSQL `integer`: a larger rank in a forged key would fail the query's cast (a 500), not the decode. */
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(key: string): string | undefined {
  if (!BASE64URL.test(key)) return undefined;
  try {
    const binary = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function encodePart(part: CursorPart, value: unknown): string | number {
  if (part === 'date') return (value as Date).toISOString();
  return value as string | number;
}

function decodePart(part: CursorPart, raw: unknown): Date | string | number | undefined {
  switch (part) {
    case 'date': {
      if (typeof raw !== 'string') return undefined;
      const date = new Date(raw);
      return isDateInRange(date) && date.toISOString() === raw ? date : undefined;
    }
    case 'uuid':
      return typeof raw === 'string' && UUID.test(raw) ? raw : undefined;
    case 'day': {
      // A calendar day "YYYY-MM-DD" that exists (no 2026-13-45, which the query's ::date would refuse).
      if (typeof raw !== 'string' || !DAY.test(raw)) return undefined;
      const date = new Date(`${raw}T00:00:00Z`);
      return isDateInRange(date) && date.toISOString().slice(0, 10) === raw ? raw : undefined;
    }
    case 'int':
      return Number.isInteger(raw) && (raw as number) >= INT_MIN && (raw as number) <= INT_MAX
        ? (raw as number)
        : undefined;
    case 'text':
      return typeof raw === 'string' && TEXT_PART.test(raw) ? raw : undefined;
  }
}

export interface CursorCodec<Parts extends readonly CursorPart[]> {
  encode(values: CursorValues<Parts>): string;
  /** The values of a cursor this codec wrote; undefined for anything else (never throws). */
  decode(key: string): CursorValues<Parts> | undefined;
}

/**
 * A codec for cursors of the given parts, e.g. `createCursorCodec('audit', ['date', 'uuid'])`. The `name` is
 * written into the cursor, so a key of one list is refused by another.
 */
export function createCursorCodec<const Parts extends readonly CursorPart[]>(
  name: string,
  parts: Parts,
): CursorCodec<Parts> {
  const encode = (values: CursorValues<Parts>): string =>
    toBase64Url(JSON.stringify([VERSION, name, ...parts.map((part, i) => encodePart(part, values[i]))]));
  return {
    encode,
    decode(key) {
      if (typeof key !== 'string' || key.length === 0 || key.length > CURSOR_MAX_LENGTH) return undefined;
      const json = fromBase64Url(key);
      if (json === undefined) return undefined;
      let array: unknown;
      try {
        array = JSON.parse(json);
      } catch {
        return undefined;
      }
      if (!Array.isArray(array) || array.length !== parts.length + 2) return undefined;
      if (array[0] !== VERSION || array[1] !== name) return undefined;
      const values: unknown[] = [];
      for (const [i, part] of parts.entries()) {
        const value = decodePart(part, array[i + 2]);
        if (value === undefined) return undefined;
        values.push(value);
      }
      const decoded = values as CursorValues<Parts>;
      // Only the exact bytes this codec writes: no padding, whitespace or re-ordered variants.
      return encode(decoded) === key ? decoded : undefined;
    },
  };
}
