import { STAFF_GROUP } from '@mp/domain/permissions';
import type { ResponseData } from '../api/operations.ts';
import { readJson, removeKey, STORAGE_KEYS, writeJson } from '../storage/local-storage.ts';

/** `user` as sign-in and GET /api/identity/me return it, from the generated OpenAPI schema. */
export type SessionUser = ResponseData<'getUser'>;

export interface SessionTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface Session {
  tokens: SessionTokens;
  user: SessionUser;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = readJson<Session>(STORAGE_KEYS.session);

/** Accepts an ISO date, epoch seconds or epoch milliseconds; the identity API picks one. */
export function toEpochMs(expiresAt: string | number): number {
  if (typeof expiresAt === 'string') {
    const parsed = Date.parse(expiresAt);
    return Number.isNaN(parsed) ? Number(expiresAt) * 1000 : parsed;
  }
  return expiresAt < 1e12 ? expiresAt * 1000 : expiresAt;
}

function emit(): void {
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get(): Session | null {
    return current;
  },
  set(session: Session): void {
    current = session;
    writeJson(STORAGE_KEYS.session, session);
    emit();
  },
  updateUser(user: SessionUser): void {
    if (!current) return;
    sessionStore.set({ ...current, user });
  },
  clear(): void {
    current = null;
    removeKey(STORAGE_KEYS.session);
    emit();
  },
  /** Re-reads storage, e.g. after another tab or the companion app wrote it. */
  reload(): void {
    current = readJson<Session>(STORAGE_KEYS.session);
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function isStaffUser(user: Pick<SessionUser, 'groups'> | null | undefined): boolean {
  return user?.groups.includes(STAFF_GROUP) ?? false;
}
