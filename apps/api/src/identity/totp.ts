import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps; ±1 step accepted (issue 15). */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

function totpOf(secretBase32: string, label = 'user') {
  return new TOTP({
    issuer: 'Merchant Portal',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret (RFC 4226's recommended length), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI and its QR code (PNG data URL) for the set-up screen. */
export async function totpEnrolment(secretBase32: string, email: string) {
  const uri = totpOf(secretBase32, email).toString();
  return { uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
}

/**
 * The 30-second step a code belongs to, looking ±1 step around `now`; undefined when it matches none.
 * The caller refuses steps at or before the last one used (replay).
 */
export function matchingStep(secretBase32: string, code: string, now: Date): number | undefined {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of a moment (demo sign-ins, tests). */
export function totpCode(secretBase32: string, at: Date): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** "xxxxx-xxxxx": 10 characters from a 31-letter alphabet (~50 bits), easy to type from paper. */
export function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)] ?? 'a';
  const part = () => Array.from({ length: 5 }, pick).join('');
  return `${part()}-${part()}`;
}

/** Recovery codes are compared without case, spaces or dashes. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * AES-256-GCM with the configured 32-byte key: the stored secret is `v1.<iv>.<tag>.<ciphertext>` (base64url),
 * so a copy of the database alone does not give anyone the users' authenticator secrets.
 */
export function createSecretBox(key: Uint8Array) {
  if (key.length !== 32) throw new Error('The identity encryption key must be 32 bytes');
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unreadable sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
