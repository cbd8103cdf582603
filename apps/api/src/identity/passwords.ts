import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP Password Storage Cheat Sheet / ASVS 5.0 Appendix C parameters:
 * 19 MiB of memory, 2 passes, 1 lane (the package's 16-byte random salt, 32-byte output).
 * `Algorithm` is a const enum in the package's typings, which `isolatedModules` cannot inline.
 */
const ARGON2ID = 2 as Algorithm;
export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, PASSWORD_HASH_OPTIONS);
}

/** False (never a throw) for a wrong password or a malformed hash. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker (or different) parameters than today's. */
export function needsRehash(passwordHash: string): boolean {
  try {
    const used = parseOptions(passwordHash);
    return (
      used.algorithm !== ARGON2ID ||
      used.memoryCost < PASSWORD_HASH_OPTIONS.memoryCost ||
      used.timeCost < PASSWORD_HASH_OPTIONS.timeCost
    );
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash of a random string, verified against when the e-mail is unknown so that an unknown user and a
 * wrong password take the same time (no account enumeration through timing).
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}
