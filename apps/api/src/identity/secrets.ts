import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit code from the CSPRNG (DESIGN §4 "Codes"), leading zeros kept. */
export function generateNumericCode(digits = 6): string {
  return randomInt(0, 10 ** digits)
    .toString()
    .padStart(digits, '0');
}

/** 256 random bits, base64url: refresh tokens, challenge sessions, OIDC state. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** For high-entropy secrets (refresh tokens, OIDC state) a plain SHA-256 is enough. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/**
 * Codes have only 10^6 values, so they are hashed with a server-held key (a pepper): a copy of the
 * database alone does not reveal them. The purpose and user are bound into the hash so a code cannot be
 * replayed for another purpose or account.
 */
export function createSecretHasher(key: Uint8Array) {
  const mac = (value: string) => createHmac('sha256', key).update(value).digest('base64url');
  return {
    hash: mac,
    matches(value: string, expectedHash: string): boolean {
      const actual = Buffer.from(mac(value));
      const expected = Buffer.from(expectedHash);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
export type SecretHasher = ReturnType<typeof createSecretHasher>;

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '!#$%*+-=?@';

/**
 * A temporary password that satisfies SPEC §5 (upper, lower, digit, ≥ 8) with 16 characters from an
 * unambiguous alphabet (~90 bits).
 */
export function generateTemporaryPassword(): string {
  const all = UPPER + LOWER + DIGITS + SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)] ?? '';
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < 16) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

/** "jane.doe@example.com" → "j***@e***" : tells the user where the code went without echoing the address. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}
