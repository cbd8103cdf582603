import { createHash, randomInt } from 'node:crypto';
import { DEVICE_CODE_ALPHABET, DEVICE_CODE_LENGTH } from '@mp/domain/schemas/devices';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { terminalStock } from '../../db/schema/index.ts';

/** How long a code a terminal shows stays valid (ours; the terminal shows a new one after). */
export const DEVICE_CODE_TTL_MS = 24 * 60 * 60 * 1000;

export const hashDeviceCode = (normalisedCode: string) =>
  createHash('sha256').update(`terminal-code:${normalisedCode}`).digest('hex');

function newCode(): string {
  let code = '';
  for (let i = 0; i < DEVICE_CODE_LENGTH; i++)
    code += DEVICE_CODE_ALPHABET[randomInt(DEVICE_CODE_ALPHABET.length)];
  return code;
}

export interface IssuedCode {
  serial: string;
  model: string;
  /** As the terminal shows it: XXXX-XXXX. */
  code: string;
  expiresAt: string;
}

/**
 * What an unassigned terminal does when switched on: show a fresh one-time code (the previous one stops
 * working). The provider's side, run by the owning role: at `npm start` for the demo terminals, and by the
 * dev-only terminal simulator route.
 */
export async function issueTerminalCodes(db: Db, now: Date): Promise<IssuedCode[]> {
  const stock = await db.select().from(terminalStock).orderBy(asc(terminalStock.serial));
  const issued: IssuedCode[] = [];
  for (const terminal of stock) {
    const code = newCode();
    const expiresAt = new Date(now.getTime() + DEVICE_CODE_TTL_MS);
    await db
      .update(terminalStock)
      .set({ codeHash: hashDeviceCode(code), codeExpiresAt: expiresAt, updatedAt: now })
      .where(eq(terminalStock.id, terminal.id));
    issued.push({
      serial: terminal.serial,
      model: terminal.model,
      code: `${code.slice(0, 4)}-${code.slice(4)}`,
      expiresAt: expiresAt.toISOString(),
    });
  }
  return issued;
}
