import type { AuditAction } from '@mp/domain/audit-actions';
import { isLocale } from '@mp/domain/locales';
import { MERCHANT_GROUP } from '@mp/domain/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../adapters/mail/mail-port.ts';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';
import {
  confirmationCodeEmail,
  factorChangeEmail,
  invitationEmail,
  resetCodeEmail,
  resetNoAccountEmail,
  resetNotAllowedEmail,
} from './emails.ts';
import { IdentityError, IDENTITY_MESSAGES as M } from './errors.ts';
import type { ProviderIdentity } from './oidc-client.ts';
import { createPasskeyRepository, type PasskeyRepository } from './passkey-repository.ts';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import type { RateLimiter } from './rate-limiter.ts';
import {
  type CodePurpose,
  createIdentityRepository,
  type IdentityRepository,
  type UserRow,
} from './repository.ts';
import {
  createSecretHasher,
  generateNumericCode,
  generateOpaqueToken,
  generateTemporaryPassword,
  maskEmail,
  sha256,
} from './secrets.ts';
import type { SessionCheck } from './session-check.ts';
import type { TokenService } from './tokens.ts';
import {
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  type SecretBox,
  totpEnrolment,
} from './totp.ts';
import { type ParsedUserAgent, parseUserAgent } from './user-agent.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The rules of the pool in one place (SPEC §8, §9; issue 4 "Security"). */
export const IDENTITY_POLICY = {
  confirmationCodeTtlMs: 24 * HOUR,
  resetCodeTtlMs: 10 * MINUTE,
  temporaryPasswordTtlMs: 7 * DAY,
  newPasswordSessionTtlMs: 15 * MINUTE,
  refreshTokenTtlMs: 30 * DAY,
  /** Between the password and the second factor (issue 15). */
  secondFactorSessionTtlMs: 5 * MINUTE,
  /** The one-time code that hands a social sign-in's session to the portal. */
  socialExchangeTtlMs: 2 * MINUTE,
  /** Wrong tries before a code stops working (then: "expired, request a new one"). */
  maxCodeAttempts: 5,
  /** From this many consecutive failures on, each attempt must wait 2^(n-5) seconds (1, 2, 4, 8, 16 s). */
  slowDownAfterFailures: 5,
  /** PCI DSS 8.3.4: lock after no more than 10 failures, for at least 30 minutes. */
  lockAfterFailures: 10,
  lockDurationMs: 30 * MINUTE,
  /** Confirmation codes sent per address per hour (sign-up counts as one). */
  confirmationSends: { limit: 5, windowMs: HOUR },
  /** SPEC §9: forgot-password retry wait of 10 minutes once the allowance is spent. */
  resetRequests: { limit: 3, windowMs: 10 * MINUTE },
} as const;

// Decision 0012: an account a person creates themselves (sign-up at /join, or a first social sign-in) starts
// in MERCHANT_GROUP, so once confirmed it is configured (SPEC §3: a user id and a group) and the app-start
// check sends it to /onboarding, not to /onboarding/pending, which is for invited users not yet set up.

export interface UserView {
  /** SPEC §3: the custom user id. */
  id: string;
  email: string;
  groups: string[];
  isConfigured: boolean;
  firstName: string | null;
  lastName: string | null;
  preferences: { locale: string };
  /** Issue 15: whether the user has a second factor, and whether this session passed one. */
  twoFactor: { enabled: boolean; verified: boolean };
}

export interface SignedIn {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  expiresAt: string;
  user: UserView;
}

export type SignInResult =
  | { kind: 'signed-in'; session: SignedIn }
  | { kind: 'challenge'; challenge: 'CONFIRM_SIGN_UP' }
  | { kind: 'challenge'; challenge: 'NEW_PASSWORD_REQUIRED'; session: string }
  | { kind: 'challenge'; challenge: 'SECOND_FACTOR_REQUIRED'; session: string };

/** Who changes a factor, and from where (for the audit log). */
export interface FactorActor {
  userId: string;
  /** The session (refresh-token family) the request came from. */
  sessionId: string;
  /** That session passed a second factor. */
  secondFactor: boolean;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/** Whose change an identity entry of the audit log records (the person themselves), and from where. */
export type AuditedActor = Pick<FactorActor, 'userId' | 'ip' | 'userAgent'>;

/** Where a request came from: stored with the session it opens (issue 15: the sessions list). */
export interface ClientInfo {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export interface SessionView extends ParsedUserAgent {
  id: string;
  ip: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** An entry of the caller's security activity: the audit log's action, when, and the browser and IP it came from. */
export interface ActivityView extends ParsedUserAgent {
  id: string;
  action: AuditAction;
  at: string;
  ip: string | null;
}

/** What a change to a person's account writes through, inside its one transaction (`atomically`). */
export interface AccountChange {
  users: IdentityRepository;
  passkeys: PasskeyRepository;
  audit(
    actor: AuditedActor,
    action: AuditAction,
    entityId: string,
    entityType?: string,
    after?: object | null,
  ): Promise<void>;
  /** Ends the user's sessions but one; this instance's token check hears of them once the transaction commits. */
  endSessions(userId: string, now: Date, exceptFamilyId?: string): Promise<string[]>;
  /** A session ended by the change; the token check hears of it once the transaction commits. */
  sessionEnded(id: string): void;
}

/** How many of the newest entries the security activity shows. */
export const ACTIVITY_SHOWN = 50;

export interface IdentityServiceDeps {
  repository: IdentityRepository;
  tokens: TokenService;
  mailer: Mailer;
  limiter: RateLimiter;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Where users reach the portal; used for links in e-mails. */
  portalUrl: string;
  /** Encrypts authenticator secrets at rest (IDENTITY_ENCRYPTION_KEY). */
  secretBox: SecretBox;
  /** The owner handle, for the audit log entries of factor changes. */
  db: Db;
  /** Passkeys count as a second factor too (issue 15). */
  passkeys: PasskeyRepository;
  /** The per-instance revocation check of access tokens; told at once about sessions ended here. */
  sessionCheck?: SessionCheck | undefined;
}

export function createIdentityService(deps: IdentityServiceDeps) {
  const { repository, tokens, mailer, limiter, clock, log, secretBox } = deps;
  const codes = createSecretHasher(tokens.derivedSecret('codes'));
  const accountKeys = createSecretHasher(tokens.derivedSecret('accounts'));
  const after = (ms: number) => new Date(clock().getTime() + ms);
  const normaliseEmail = (email: string) => email.trim().toLowerCase();
  const link = (path: string) => new URL(path, deps.portalUrl).toString();

  /** Mail failures never undo the step that sent it (the user can ask again); they are logged without content. */
  async function sendMail(message: MailMessage) {
    try {
      await mailer.send(message);
    } catch (error) {
      log.error({ err: error, mailKind: message.kind }, 'identity: sending mail failed');
    }
  }

  /** A confirmed authenticator app or at least one passkey (read through a transaction's repositories if given). */
  async function hasSecondFactor(
    userUuid: string,
    through: Pick<AccountChange, 'users' | 'passkeys'> = { users: repository, passkeys: deps.passkeys },
  ): Promise<boolean> {
    const totp = await through.users.totpFactor(userUuid);
    return Boolean(totp?.confirmedAt) || (await through.passkeys.countForUser(userUuid)) > 0;
  }

  async function userView(user: UserRow, verified = false): Promise<UserView> {
    const groups = await repository.groupsOf(user.id);
    return {
      id: user.userId,
      email: user.email,
      groups,
      // SPEC §3: configured = has a user id and at least one group.
      isConfigured: user.userId.length > 0 && groups.length > 0,
      firstName: user.firstName,
      lastName: user.lastName,
      preferences: { locale: user.locale },
      twoFactor: { enabled: await hasSecondFactor(user.id), verified },
    };
  }

  async function startSession(
    user: UserRow,
    familyId: string = crypto.randomUUID(),
    secondFactor = false,
    client: ClientInfo = {},
  ): Promise<SignedIn> {
    const view = await userView(user, secondFactor);
    const issued = await tokens.issue(
      {
        id: user.id,
        userId: user.userId,
        email: user.email,
        groups: view.groups,
        locale: user.locale,
        firstName: user.firstName,
        lastName: user.lastName,
        emailVerified: user.emailVerified,
      },
      familyId,
      secondFactor,
    );
    const refreshToken = generateOpaqueToken();
    const now = clock();
    await repository.openSession({
      id: familyId,
      userId: user.id,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip ?? null,
      now,
    });
    await repository.insertRefreshToken({
      userId: user.id,
      familyId,
      tokenHash: sha256(refreshToken),
      secondFactor,
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDENTITY_POLICY.refreshTokenTtlMs),
    });
    return {
      idToken: issued.idToken,
      accessToken: issued.accessToken,
      refreshToken,
      expiresAt: issued.expiresAt.toISOString(),
      user: view,
    };
  }

  /** Ends sessions (refresh families) and tells this instance's access-token check at once. */
  async function endFamily(familyId: string, now: Date): Promise<void> {
    await repository.revokeFamily(familyId, now);
    deps.sessionCheck?.ended([familyId]);
  }

  /**
   * A change to a person's account and its audit entry in one transaction: both are written or neither, so a
   * failed audit write leaves the password, factor or sessions as they were (decision 0120). `change` writes
   * through the repositories bound to the transaction; this instance's access-token check hears of the sessions
   * it ended only once it has committed (not of sessions a rolled-back transaction only meant to end).
   */
  async function atomically<T>(change: (tx: AccountChange) => Promise<T>): Promise<T> {
    const ended: string[] = [];
    const result = await deps.db.transaction((tx) => {
      const users = createIdentityRepository(tx);
      return change({
        users,
        passkeys: createPasskeyRepository(tx),
        audit: (actor, action, entityId, entityType, after) =>
          audit(users, tx, actor, action, entityId, entityType, after),
        async endSessions(userId, now, exceptFamilyId) {
          const ids = await users.revokeUserSessions(userId, now, exceptFamilyId);
          ended.push(...ids);
          return ids;
        },
        sessionEnded(id) {
          ended.push(id);
        },
      });
    });
    if (ended.length > 0) deps.sessionCheck?.ended(ended);
    return result;
  }

  /** The audit entry of a change, written in the change's transaction (`atomically`). */
  async function audit(
    users: IdentityRepository,
    db: Db,
    actor: AuditedActor,
    action: AuditAction,
    entityId: string,
    entityType = 'user',
    after: object | null = null,
  ) {
    try {
      const user = await users.findUserById(actor.userId);
      await db.insert(auditLog).values({
        actorUserId: actor.userId,
        actorEmail: user?.email ?? null,
        actingAs: 'member',
        action,
        entityType,
        entityId,
        after,
        ip: actor.ip ?? null,
        userAgent: actor.userAgent ?? null,
        at: clock(),
      });
    } catch (error) {
      log.error({ err: error, action }, 'identity: writing the audit log failed');
      throw error;
    }
  }

  async function issueCode(user: UserRow, purpose: CodePurpose, ttlMs: number, secret: string) {
    const now = clock();
    await repository.replaceCode({
      userId: user.id,
      purpose,
      codeHash: codes.hash(`${purpose}:${user.id}:${secret}`),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
  }

  /**
   * Checks the live code of `purpose` without consuming it. Outcomes: 'match' (with the code's id, for
   * `consumeCode`), 'mismatch' (counted), 'expired' (too old, or out of tries), 'missing'. The try is admitted
   * and counted before the comparison, in one statement, so parallel guesses cannot get more than
   * `maxCodeAttempts` tries between them; a right code gives its try back.
   */
  async function matchCode(
    user: UserRow,
    purpose: CodePurpose,
    secret: string,
  ): Promise<{ outcome: 'match'; codeId: string } | { outcome: 'mismatch' | 'expired' | 'missing' }> {
    const code = await repository.latestLiveCode(user.id, purpose);
    if (!code) return { outcome: 'missing' };
    if (!(await repository.admitCodeAttempt(code.id, clock(), IDENTITY_POLICY.maxCodeAttempts)))
      // Too old or out of tries; or spent (or replaced) since it was read, which answers as no code at all.
      return {
        outcome: (await repository.latestLiveCode(user.id, purpose))?.id === code.id ? 'expired' : 'missing',
      };
    if (!codes.matches(`${purpose}:${user.id}:${secret}`, code.codeHash)) return { outcome: 'mismatch' };
    await repository.refundCodeAttempt(code.id);
    return { outcome: 'match', codeId: code.id };
  }

  /**
   * Checks and consumes the live code of `purpose`. Outcomes: 'ok', 'mismatch' (counted), 'expired' (too old,
   * or out of tries), 'missing'. Only one concurrent caller can consume a code. A change that must not happen
   * without its code being spent (or spend it when the change fails) uses `matchCode`, then consumes the code in
   * its own transaction.
   */
  async function useCode(
    user: UserRow,
    purpose: CodePurpose,
    secret: string,
  ): Promise<'ok' | 'mismatch' | 'expired' | 'missing'> {
    const matched = await matchCode(user, purpose, secret);
    if (matched.outcome !== 'match') return matched.outcome;
    return (await repository.consumeCode(matched.codeId, clock())) ? 'ok' : 'missing';
  }

  function sendConfirmationCode(user: UserRow) {
    const code = generateNumericCode();
    return issueCode(user, 'confirm_sign_up', IDENTITY_POLICY.confirmationCodeTtlMs, code).then(() =>
      sendMail(confirmationCodeEmail(user.email, user.locale, code)),
    );
  }

  function temporaryPasswordExpired(user: UserRow): boolean {
    return !user.temporaryPasswordExpiresAt || user.temporaryPasswordExpiresAt <= clock();
  }

  // --- sign-in and lock-out -----------------------------------------------------------------------------

  /**
   * Lock-out is counted per e-mail address (a keyed hash of it), whether or not an account exists, so that
   * being slowed down or locked says nothing about the account's existence.
   */
  async function refuseGuess(accountKey: string): Promise<never> {
    const attempt = await repository.signInAttempt(accountKey);
    const now = clock().getTime();
    if (attempt?.lockedUntil && attempt.lockedUntil.getTime() > now)
      throw new IdentityError(429, 'ACCOUNT_LOCKED', M.accountLocked, {
        retryAfterSeconds: Math.ceil((attempt.lockedUntil.getTime() - now) / 1000),
      });
    const over = (attempt?.failures ?? 0) - IDENTITY_POLICY.slowDownAfterFailures;
    const waitUntil =
      attempt?.lastFailureAt && over >= 0 ? attempt.lastFailureAt.getTime() + 2 ** over * 1000 : now;
    throw new IdentityError(429, 'SIGN_IN_THROTTLED', M.signInThrottled, {
      retryAfterSeconds: Math.max(1, Math.ceil((waitUntil - now) / 1000)),
    });
  }

  /**
   * Admits the attempt and counts it as a failure before the password is checked, in one statement, so
   * parallel guesses cannot all slip through the slow-down (issue 8 §4); refused attempts answer 429.
   * Returns the failure count including this attempt.
   */
  async function guardAgainstGuessing(accountKey: string): Promise<number> {
    const failures = await repository.admitSignInAttempt(
      accountKey,
      clock(),
      IDENTITY_POLICY.slowDownAfterFailures,
    );
    if (failures === undefined) return refuseGuess(accountKey);
    return failures;
  }

  /** The attempt was already counted on admission; lock once the count reaches the limit. */
  async function recordFailure(accountKey: string, failures: number): Promise<never> {
    if (failures >= IDENTITY_POLICY.lockAfterFailures)
      await repository.lockAccount(accountKey, after(IDENTITY_POLICY.lockDurationMs));
    throw new IdentityError(401, 'INCORRECT_CREDENTIALS', M.incorrectCredentials);
  }

  async function signIn(
    input: { email: string; password: string },
    client: ClientInfo = {},
  ): Promise<SignInResult> {
    const email = normaliseEmail(input.email);
    const accountKey = accountKeys.hash(email);
    const failures = await guardAgainstGuessing(accountKey);
    const user = await repository.findUserByEmail(email);
    // Unknown users cost one argon2 verification too, so both answers take the same time.
    const passwordOk = await verifyPassword(
      user?.passwordHash ?? (await dummyPasswordHash()),
      input.password,
    );
    // A disabled account answers like a wrong password: it may not sign in, and says no more.
    if (!user?.passwordHash || !passwordOk || !user.enabled) return recordFailure(accountKey, failures);
    const secondFactor = user.status === 'confirmed' && (await hasSecondFactor(user.id));
    // Issue 15: with a second factor the failure count stays until the code is right too, so wrong codes
    // count towards the same lock-out as wrong passwords.
    if (!secondFactor) await repository.clearSignInFailures(accountKey);
    if (needsRehash(user.passwordHash))
      await repository.updateUser(user.id, { passwordHash: await hashPassword(input.password) }, clock());

    switch (user.status) {
      case 'unconfirmed':
        return { kind: 'challenge', challenge: 'CONFIRM_SIGN_UP' };
      case 'force_change_password': {
        if (temporaryPasswordExpired(user))
          throw new IdentityError(401, 'TEMPORARY_PASSWORD_EXPIRED', M.temporaryPasswordExpired);
        const session = generateOpaqueToken();
        await issueCode(user, 'new_password_session', IDENTITY_POLICY.newPasswordSessionTtlMs, session);
        return { kind: 'challenge', challenge: 'NEW_PASSWORD_REQUIRED', session };
      }
      case 'confirmed': {
        if (!secondFactor)
          return { kind: 'signed-in', session: await startSession(user, undefined, false, client) };
        const session = generateOpaqueToken();
        await issueCode(user, 'second_factor_session', IDENTITY_POLICY.secondFactorSessionTtlMs, session);
        return { kind: 'challenge', challenge: 'SECOND_FACTOR_REQUIRED', session };
      }
      default:
        log.error({ status: user.status }, 'identity: user in an unknown status');
        throw new IdentityError(500, 'SIGN_IN_FAILED', M.signInFailed);
    }
  }

  // --- sessions -------------------------------------------------------------------------------------------

  /** Rotation: each refresh token works once; presenting a used or revoked one ends its whole family. */
  async function refresh(refreshToken: string, client: ClientInfo = {}): Promise<SignedIn> {
    const invalid = () => new IdentityError(401, 'INVALID_REFRESH_TOKEN', M.sessionExpired);
    const row = await repository.findRefreshToken(sha256(refreshToken));
    if (!row) throw invalid();
    const now = clock();
    if (row.rotatedAt || row.revokedAt) {
      if (row.rotatedAt && !row.revokedAt)
        log.warn(
          { userId: row.userId, familyId: row.familyId },
          'identity: refresh token reused; family revoked',
        );
      await endFamily(row.familyId, now);
      throw invalid();
    }
    if (row.expiresAt <= now) throw invalid();
    if (!(await repository.rotateRefreshToken(row.id, now))) {
      await endFamily(row.familyId, now);
      throw invalid();
    }
    const user = await repository.findUserById(row.userId);
    if (user?.status !== 'confirmed' || !user.enabled) {
      await endFamily(row.familyId, now);
      throw invalid();
    }
    return startSession(user, row.familyId, row.secondFactor, { ip: client.ip });
  }

  async function signOut(refreshToken: string): Promise<void> {
    const row = await repository.findRefreshToken(sha256(refreshToken));
    if (row) await endFamily(row.familyId, clock());
  }

  /** `verified`: the caller's session passed a second factor (the access token's amr). */
  async function getUser(userUuid: string, verified = false): Promise<UserView> {
    const user = await repository.findUserById(userUuid);
    if (!user?.enabled) throw new IdentityError(401, 'UNAUTHENTICATED', M.sessionExpired);
    return userView(user, verified);
  }

  async function updateUser(
    userUuid: string,
    changes: { preferences?: { locale?: string } },
    verified = false,
  ) {
    const locale = changes.preferences?.locale;
    if (locale) await repository.updateUser(userUuid, { locale }, clock());
    return getUser(userUuid, verified);
  }

  async function changePassword(
    actor: AuditedActor & { sessionId: string },
    input: { currentPassword: string; newPassword: string },
  ): Promise<void> {
    const user = await repository.findUserById(actor.userId);
    const hash = user?.passwordHash;
    if (!user || !hash || !(await countedGuess(user, () => verifyPassword(hash, input.currentPassword))))
      throw new IdentityError(400, 'INCORRECT_CREDENTIALS', M.incorrectCurrentPassword);
    const passwordHash = await hashPassword(input.newPassword);
    await atomically(async (tx) => {
      await tx.users.updateUser(user.id, { passwordHash }, clock());
      // Issue 4: a password change ends the user's other sessions.
      await tx.endSessions(user.id, clock(), actor.sessionId);
      await tx.audit(actor, 'identity.password.changed', user.id);
    });
  }

  // --- second factors (issue 15) ------------------------------------------------------------------------

  /** A 6-digit code is a TOTP (each 30-second step used once); anything else is tried as a recovery code. */
  async function secondFactorMatches(user: UserRow, code: string): Promise<boolean> {
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) {
      const factor = await repository.totpFactor(user.id);
      if (!factor?.confirmedAt) return false;
      const step = matchingStep(secretBox.open(factor.secretEncrypted), trimmed, clock());
      return step !== undefined && (await repository.useTotpStep(user.id, step));
    }
    const normalised = normaliseRecoveryCode(trimmed);
    for (const candidate of await repository.unusedRecoveryCodes(user.id))
      if (codes.matches(`recovery:${user.id}:${normalised}`, candidate.codeHash))
        return repository.useRecoveryCode(candidate.id, clock());
    return false;
  }

  /** Sign-in step 2: the session from step 1 and a TOTP or recovery code. Wrong codes count towards lock-out. */
  /** The user and live step-one session of a sign-in's second step; 401 when it expired or does not match. */
  async function pendingSecondFactor(input: { email: string; session: string }) {
    const email = normaliseEmail(input.email);
    const user = await repository.findUserByEmail(email);
    const expired = () =>
      new IdentityError(401, 'SECOND_FACTOR_SESSION_EXPIRED', M.secondFactorSessionExpired);
    if (!user?.enabled || user.status !== 'confirmed') throw expired();
    const pending = await repository.latestLiveCode(user.id, 'second_factor_session');
    if (
      !pending ||
      pending.expiresAt <= clock() ||
      !codes.matches(`second_factor_session:${user.id}:${input.session}`, pending.codeHash)
    )
      throw expired();
    return { user, pending, expired };
  }

  async function verifySecondFactor(
    input: { email: string; session: string; code: string },
    client: ClientInfo = {},
  ) {
    const { user, pending, expired } = await pendingSecondFactor(input);
    const accountKey = accountKeys.hash(normaliseEmail(input.email));
    const failures = await guardAgainstGuessing(accountKey);
    if (!(await secondFactorMatches(user, input.code))) {
      if (failures >= IDENTITY_POLICY.lockAfterFailures)
        await repository.lockAccount(accountKey, after(IDENTITY_POLICY.lockDurationMs));
      throw new IdentityError(400, 'CODE_MISMATCH', M.invalidSecondFactorCode);
    }
    if (!(await repository.consumeCode(pending.id, clock()))) throw expired();
    await repository.clearSignInFailures(accountKey);
    return startSession(user, undefined, true, client);
  }

  async function factors(userUuid: string) {
    const totp = await repository.totpFactor(userUuid);
    const left = totp?.confirmedAt ? (await repository.unusedRecoveryCodes(userUuid)).length : 0;
    return { totp: Boolean(totp?.confirmedAt), recoveryCodesLeft: left };
  }

  /**
   * The rule of adding any second factor (an authenticator app or a passkey): a user who already has one adds
   * another only from a session that passed one. Otherwise a stolen password (or a social sign-in) could add the
   * thief's own factor, and with it a session that counts as having passed a second factor.
   */
  async function requireVerifiedToAdd(
    actor: Pick<FactorActor, 'userId' | 'secondFactor'>,
    message: string,
  ): Promise<void> {
    if (!actor.secondFactor && (await hasSecondFactor(actor.userId)))
      throw new IdentityError(403, 'SECOND_FACTOR_REQUIRED', message);
  }

  /**
   * The rule again, decisively, first thing in the transaction that adds the factor: the user's row is locked
   * (`SELECT … FOR UPDATE`), then whether the user has a second factor is read inside. Of two additions racing
   * from sessions that passed none (an app confirmed in one while the first passkey is registered in another),
   * the second waits for the first to commit and then sees its factor: 403. The checks before the transaction
   * only refuse early; on their own, both additions saw no factor and both were made.
   */
  async function requireVerifiedToAddLocked(
    tx: AccountChange,
    actor: Pick<FactorActor, 'userId' | 'secondFactor'>,
    message: string,
  ): Promise<void> {
    if (!(await tx.users.lockUser(actor.userId)))
      throw new IdentityError(401, 'UNAUTHENTICATED', M.sessionExpired);
    if (!actor.secondFactor && (await hasSecondFactor(actor.userId, tx)))
      throw new IdentityError(403, 'SECOND_FACTOR_REQUIRED', message);
  }

  /** Set-up step 1: a new secret (encrypted at rest), its otpauth URI and QR code. */
  async function startTotpSetup(actor: Pick<FactorActor, 'userId' | 'secondFactor'>) {
    const user = await repository.findUserById(actor.userId);
    if (!user?.enabled) throw new IdentityError(401, 'UNAUTHENTICATED', M.sessionExpired);
    if ((await repository.totpFactor(user.id))?.confirmedAt)
      throw new IdentityError(409, 'TOTP_ALREADY_SET_UP', M.totpAlreadySetUp);
    await requireVerifiedToAdd(actor, M.secondFactorRequiredToAddApp);
    const secret = newTotpSecret();
    if (!(await repository.startTotpSetup(user.id, secretBox.seal(secret), clock())))
      throw new IdentityError(409, 'TOTP_ALREADY_SET_UP', M.totpAlreadySetUp);
    return { secret, ...(await totpEnrolment(secret, user.email)) };
  }

  /**
   * The demo world's staff user gets a confirmed authenticator app with a known key (issue 15: staff need a
   * second factor); no recovery codes, no e-mail. Never used outside the demo seed.
   */
  async function enrolDemoTotp(userUuid: string, secretBase32: string): Promise<void> {
    if (!(await repository.startTotpSetup(userUuid, secretBox.seal(secretBase32), clock()))) return;
    await repository.confirmTotpFactor(userUuid, clock());
  }

  /** Set-up step 2: the first code confirms; the 10 recovery codes are returned this once, stored hashed. */
  async function confirmTotpSetup(actor: FactorActor, code: string) {
    const user = await repository.findUserById(actor.userId);
    const factor = user ? await repository.totpFactor(user.id) : undefined;
    if (!user || !factor) throw new IdentityError(409, 'TOTP_NOT_STARTED', M.totpNotStarted);
    if (factor.confirmedAt) throw new IdentityError(409, 'TOTP_ALREADY_SET_UP', M.totpAlreadySetUp);
    // Checked again here (and, decisively, in the transaction): a set-up started before the user had a second
    // factor is finished under today's rule.
    await requireVerifiedToAdd(actor, M.secondFactorRequiredToAddApp);
    const step = matchingStep(secretBox.open(factor.secretEncrypted), code, clock());
    const mismatch = () =>
      new IdentityError(400, 'CODE_MISMATCH', M.invalidSecondFactorCode, {
        details: [{ field: 'code', rule: 'totp', message: M.invalidSecondFactorCode }],
      });
    if (step === undefined) throw mismatch();
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await atomically(async (tx) => {
      await requireVerifiedToAddLocked(tx, actor, M.secondFactorRequiredToAddApp);
      if (!(await tx.users.useTotpStep(user.id, step, clock()))) throw mismatch();
      await tx.users.replaceRecoveryCodes(
        user.id,
        recoveryCodes.map((c) => codes.hash(`recovery:${user.id}:${normaliseRecoveryCode(c)}`)),
      );
      // The first code proves the new factor: this session has now passed a second factor (issue 15: a staff
      // member sent to set one up continues with staff powers once the portal refreshes its tokens).
      await tx.users.markFamilySecondFactor(actor.sessionId);
      await tx.audit(actor, 'identity.totp.added', user.id);
    });
    await sendMail(factorChangeEmail(user.email, user.locale, 'totp_added'));
    return { recoveryCodes };
  }

  /**
   * Step-up: a signed-in session whose sign-in passed no second factor (a social sign-in, or a session from
   * before the factor was set up) proves one now. Wrong codes count towards the sign-in lock-out.
   */
  async function verifySession(actor: FactorActor, code: string): Promise<void> {
    const user = await repository.findUserById(actor.userId);
    if (!user?.enabled) throw new IdentityError(401, 'UNAUTHENTICATED', M.sessionExpired);
    const factor = await repository.totpFactor(user.id);
    if (!factor?.confirmedAt) throw new IdentityError(409, 'TOTP_NOT_SET_UP', M.totpNotSetUp);
    if (!(await countedGuess(user, () => secondFactorMatches(user, code))))
      throw new IdentityError(400, 'CODE_MISMATCH', M.invalidSecondFactorCode, {
        details: [{ field: 'code', rule: 'second-factor', message: M.invalidSecondFactorCode }],
      });
    await repository.markFamilySecondFactor(actor.sessionId);
  }

  /**
   * One guess at a signed-in user's password or code, under the sign-in lock-out: admitted (429 while locked or
   * slowed down) and counted before it is checked, the count cleared when it is right, the account locked at
   * the limit. Without it a session could try every 6-digit code on a route that asks for one.
   */
  async function countedGuess(user: UserRow, guess: () => Promise<boolean>): Promise<boolean> {
    const accountKey = accountKeys.hash(normaliseEmail(user.email));
    const failures = await guardAgainstGuessing(accountKey);
    if (await guess()) {
      await repository.clearSignInFailures(accountKey);
      return true;
    }
    if (failures >= IDENTITY_POLICY.lockAfterFailures)
      await repository.lockAccount(accountKey, after(IDENTITY_POLICY.lockDurationMs));
    return false;
  }

  /** Removal needs fresh proof: the password, or a current code (TOTP or recovery). */
  async function removeTotp(
    actor: FactorActor,
    proof: { password?: string | undefined; code?: string | undefined },
  ) {
    const user = await repository.findUserById(actor.userId);
    const factor = user ? await repository.totpFactor(user.id) : undefined;
    if (!user || !factor?.confirmedAt) throw new IdentityError(409, 'TOTP_NOT_SET_UP', M.totpNotSetUp);
    await requireFreshProof(actor, user, proof);
    await atomically(async (tx) => {
      await tx.users.deleteTotpFactor(user.id);
      await tx.audit(actor, 'identity.totp.removed', user.id);
    });
    await sendMail(factorChangeEmail(user.email, user.locale, 'totp_removed'));
  }

  /**
   * The rule of every factor removal: the password (only from a session that passed a second factor), or a
   * current code (TOTP or recovery). 400 naming the field otherwise.
   */
  async function requireFreshProof(
    actor: FactorActor,
    user: UserRow,
    proof: { password?: string | undefined; code?: string | undefined },
  ): Promise<void> {
    // A session that passed no second factor proves the factor itself: a password alone would let whoever
    // holds it (and such a session) swap the factor for their own.
    if (proof.password && !actor.secondFactor)
      throw new IdentityError(400, 'INCORRECT_CREDENTIALS', M.freshCodeRequired, {
        details: [{ field: 'code', rule: 'fresh-proof', message: M.freshCodeRequired }],
      });
    const { password, code } = proof;
    const proven = password
      ? await countedGuess(user, async () =>
          Boolean(user.passwordHash && (await verifyPassword(user.passwordHash, password))),
        )
      : code
        ? await countedGuess(user, () => secondFactorMatches(user, code))
        : false;
    if (!proven)
      throw new IdentityError(400, 'INCORRECT_CREDENTIALS', M.freshProofRequired, {
        details: [
          { field: proof.password ? 'password' : 'code', rule: 'fresh-proof', message: M.freshProofRequired },
        ],
      });
  }

  // --- the sessions list (issue 15) ---------------------------------------------------------------------

  async function listSessions(actor: FactorActor): Promise<SessionView[]> {
    const rows = await repository.openSessions(actor.userId, clock());
    return rows.map((row) => ({
      id: row.id,
      ...parseUserAgent(row.userAgent),
      ip: row.ip,
      firstSeenAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === actor.sessionId,
    }));
  }

  /**
   * The caller's own security activity, newest first: what the audit log recorded of their password and sign-in
   * factors and of sessions they ended, with where each came from. Only their own entries: the query takes no id.
   */
  async function listActivity(actor: { userId: string }): Promise<ActivityView[]> {
    const rows = await repository.securityActivity(actor.userId, ACTIVITY_SHOWN);
    return rows.map((row) => ({
      id: row.id,
      action: row.action,
      at: row.at.toISOString(),
      ...parseUserAgent(row.userAgent),
      ip: row.ip,
    }));
  }

  /** Ends one of the caller's own sessions; another user's, an ended or an unknown one → 404. */
  async function endSession(actor: FactorActor, sessionId: string): Promise<void> {
    const now = clock();
    await atomically(async (tx) => {
      if (!(await tx.users.endOwnSession(actor.userId, sessionId, now)))
        throw new IdentityError(404, 'NOT_FOUND', M.sessionNotFound);
      tx.sessionEnded(sessionId);
      await tx.audit(actor, 'identity.session.ended', sessionId, 'session', {
        current: sessionId === actor.sessionId,
      });
    });
  }

  /** "End all other sessions": every session of the caller but the one making the request. */
  async function endOtherSessions(actor: FactorActor): Promise<{ ended: number }> {
    const ended = await atomically(async (tx) => {
      const ids = await tx.endSessions(actor.userId, clock(), actor.sessionId);
      await tx.audit(actor, 'identity.sessions.others-ended', actor.sessionId, 'session', { ended: ids });
      return ids;
    });
    return { ended: ended.length };
  }

  // --- sign-up and confirmation -------------------------------------------------------------------------

  async function signUp(input: {
    email: string;
    password: string;
    phoneNumber: string;
    customUserId?: string | undefined;
    locale?: string | undefined;
  }) {
    const email = normaliseEmail(input.email);
    // SPEC §8 requires this answer; it does tell a caller that the address has an account. Per-IP and
    // per-address rate limits bound how fast anyone can ask.
    if (await repository.findUserByEmail(email)) throw new IdentityError(409, 'USER_EXISTS', M.userExists);
    await limiter.hit(`confirmation-send:${email}`, IDENTITY_POLICY.confirmationSends, M.resendLimitExceeded);
    try {
      if (input.customUserId && (await repository.customUserIdTaken(input.customUserId)))
        throw new IdentityError(409, 'SIGN_UP_FAILED', M.signUpFailed);
      const user = await repository.insertUser(
        {
          email,
          phoneNumber: input.phoneNumber,
          userId: input.customUserId,
          passwordHash: await hashPassword(input.password),
          status: 'unconfirmed',
          locale: input.locale ?? 'en-GB',
          createdAt: clock(),
          updatedAt: clock(),
        },
        [MERCHANT_GROUP],
      );
      // A concurrent sign-up with the same e-mail won the unique index.
      if (!user) throw new IdentityError(409, 'USER_EXISTS', M.userExists);
      await sendConfirmationCode(user);
      return { userConfirmed: false, delivery: { medium: 'EMAIL' as const, destination: maskEmail(email) } };
    } catch (error) {
      if (error instanceof IdentityError) throw error;
      log.error({ err: error }, 'identity: sign-up failed');
      throw new IdentityError(500, 'SIGN_UP_FAILED', M.signUpFailed);
    }
  }

  async function confirmSignUp(input: { email: string; code: string }): Promise<void> {
    const user = await repository.findUserByEmail(normaliseEmail(input.email));
    // Unknown and already-confirmed addresses answer as a wrong code: nothing to learn here.
    if (user?.status !== 'unconfirmed')
      throw new IdentityError(400, 'CODE_MISMATCH', M.invalidVerificationCode);
    const outcome = await useCode(user, 'confirm_sign_up', input.code);
    if (outcome === 'expired') throw new IdentityError(400, 'CODE_EXPIRED', M.codeExpired);
    if (outcome !== 'ok') throw new IdentityError(400, 'CODE_MISMATCH', M.invalidVerificationCode);
    await repository.updateUser(user.id, { status: 'confirmed', emailVerified: true }, clock());
  }

  async function resendCode(input: { email: string }) {
    const email = normaliseEmail(input.email);
    // Counted per address before the lookup, so known and unknown addresses hit the limit alike.
    await limiter.hit(`confirmation-send:${email}`, IDENTITY_POLICY.confirmationSends, M.resendLimitExceeded);
    const user = await repository.findUserByEmail(email);
    if (user?.status === 'unconfirmed') await sendConfirmationCode(user);
    return { delivery: { medium: 'EMAIL' as const, destination: maskEmail(email) } };
  }

  // --- temporary passwords ------------------------------------------------------------------------------

  async function completeNewPassword(
    input: { email: string; session: string; newPassword: string },
    client: ClientInfo = {},
  ) {
    const failed = () => new IdentityError(400, 'NEW_PASSWORD_FAILED', M.newPasswordFailed);
    const user = await repository.findUserByEmail(normaliseEmail(input.email));
    if (user?.status !== 'force_change_password' || !user.enabled || temporaryPasswordExpired(user))
      throw failed();
    const matched = await matchCode(user, 'new_password_session', input.session);
    if (matched.outcome !== 'match') throw failed();
    const passwordHash = await hashPassword(input.newPassword);
    const updated = await atomically(async (tx) => {
      // Spent with the change: a change that fails leaves the session's code usable; of two at once, one wins.
      if (!(await tx.users.consumeCode(matched.codeId, clock()))) throw failed();
      const row = await tx.users.updateUser(
        user.id,
        {
          passwordHash,
          status: 'confirmed',
          // The temporary password arrived by e-mail: using it proves the address.
          emailVerified: true,
          temporaryPasswordExpiresAt: null,
        },
        clock(),
      );
      if (!row) throw failed();
      await tx.endSessions(user.id, clock());
      await tx.audit({ userId: user.id, ...client }, 'identity.password.changed', user.id);
      return row;
    });
    return startSession(updated, undefined, false, client);
  }

  // --- forgot password ----------------------------------------------------------------------------------

  /**
   * The HTTP answer is the same whatever the address: unknown, disabled, pending invitation or normal.
   * What differs is the e-mail, which only the mailbox owner reads (see emails.ts).
   */
  async function forgotPassword(input: { email: string }) {
    const email = normaliseEmail(input.email);
    await limiter.hit(`reset-request:${email}`, IDENTITY_POLICY.resetRequests, M.forgotPasswordLimit);
    const user = await repository.findUserByEmail(email);
    if (!user) {
      await sendMail(resetNoAccountEmail(email, 'en-GB', link('/signin')));
    } else if (!user.enabled) {
      await sendMail(resetNotAllowedEmail(user.email, user.locale));
    } else {
      const code = generateNumericCode();
      await issueCode(user, 'reset_password', IDENTITY_POLICY.resetCodeTtlMs, code);
      // SPEC §2.1: the portal's forgot-password route is /forgot; t=forgot&e&c opens step 2 prefilled (§2.4).
      const resetUrl = link(
        `/forgot?t=forgot&e=${encodeURIComponent(user.email)}&c=${encodeURIComponent(code)}`,
      );
      const pendingInvitation = user.status === 'force_change_password' && !temporaryPasswordExpired(user);
      await sendMail(resetCodeEmail(user.email, user.locale, code, resetUrl, pendingInvitation));
    }
    return { delivery: { medium: 'EMAIL' as const, destination: maskEmail(email) } };
  }

  async function confirmForgotPassword(
    input: { email: string; code: string; password: string },
    client: ClientInfo = {},
  ): Promise<void> {
    const email = normaliseEmail(input.email);
    const user = await repository.findUserByEmail(email);
    if (!user?.enabled) throw new IdentityError(400, 'CODE_MISMATCH', M.invalidResetCode);
    const matched = await matchCode(user, 'reset_password', input.code);
    const mismatch = () => new IdentityError(400, 'CODE_MISMATCH', M.invalidResetCode);
    if (matched.outcome === 'expired') throw new IdentityError(400, 'CODE_EXPIRED', M.codeExpired);
    if (matched.outcome !== 'match') throw mismatch();
    const now = clock();
    const passwordHash = await hashPassword(input.password);
    await atomically(async (tx) => {
      // The code is spent with the change: a reset that fails leaves it usable; of two at once, one wins.
      if (!(await tx.users.consumeCode(matched.codeId, now))) throw mismatch();
      await tx.users.updateUser(
        user.id,
        {
          passwordHash,
          // The code arrived by e-mail: the address is proven, and a pending invitation is settled.
          status: 'confirmed',
          emailVerified: true,
          temporaryPasswordExpiresAt: null,
        },
        now,
      );
      // Issue 4: a reset ends every session; proving the mailbox also lifts a lock-out.
      await tx.endSessions(user.id, now);
      await tx.users.clearSignInFailures(accountKeys.hash(email));
      await tx.audit({ userId: user.id, ...client }, 'identity.password.reset', user.id);
    });
  }

  // --- administration (used by other modules, e.g. the users invite) ----------------------------------

  /** Creates a user with a temporary password (valid 7 days, SPEC §9) and e-mails it to them. */
  async function adminCreateUser(input: {
    email: string;
    firstName: string;
    lastName: string;
    locale?: string | undefined;
    customUserId?: string | undefined;
    groups?: string[] | undefined;
  }): Promise<{ uuid: string; user: UserView }> {
    const email = normaliseEmail(input.email);
    const temporaryPassword = generateTemporaryPassword();
    const user = await repository.insertUser(
      {
        email,
        userId: input.customUserId,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: await hashPassword(temporaryPassword),
        status: 'force_change_password',
        temporaryPasswordExpiresAt: after(IDENTITY_POLICY.temporaryPasswordTtlMs),
        locale: input.locale ?? 'en-GB',
        createdAt: clock(),
        updatedAt: clock(),
      },
      input.groups ?? [],
    );
    if (!user) throw new IdentityError(409, 'USER_EXISTS', M.userExists);
    await sendMail(invitationEmail(email, user.locale, input.firstName, temporaryPassword, link('/signin')));
    return { uuid: user.id, user: await userView(user) };
  }

  async function adminSetDisabled(userUuid: string, disabled: boolean): Promise<void> {
    const user = await repository.findUserById(userUuid);
    if (!user) throw new IdentityError(404, 'NOT_FOUND', 'User not found');
    await atomically(async (tx) => {
      await tx.users.updateUser(user.id, { enabled: !disabled }, clock());
      if (disabled) await tx.endSessions(user.id, clock());
    });
  }

  // --- social sign-in -------------------------------------------------------------------------------------

  /**
   * Finds the user linked to the provider account, else links the user with the same e-mail, else creates
   * one. Linking or creating by e-mail needs the provider to vouch for the address (email_verified).
   * Returns a one-time code (2 minutes) the portal exchanges for the session, so no token travels in a URL; the
   * code is bound to the browser the flow ran in (`browserBinding`, its `mp_oidc` cookie): only that browser can
   * exchange it (decision 0011).
   */
  async function signInWithProvider(identity: ProviderIdentity, browserBinding: string): Promise<string> {
    let user = await repository.findLinkedUser(identity.issuer, identity.subject);
    if (!user) {
      if (!identity.email || !identity.emailVerified)
        throw new IdentityError(400, 'SOCIAL_SIGN_IN_FAILED', M.socialSignInFailed);
      user =
        (await repository.findUserByEmail(identity.email)) ??
        (await repository.insertUser(
          {
            email: identity.email,
            firstName: identity.firstName ?? null,
            lastName: identity.lastName ?? null,
            status: 'confirmed',
            emailVerified: true,
            locale: isLocale(identity.locale) ? identity.locale : 'en-GB',
            createdAt: clock(),
            updatedAt: clock(),
          },
          [MERCHANT_GROUP],
        ));
      if (!user) throw new IdentityError(409, 'SOCIAL_SIGN_IN_FAILED', M.socialSignInFailed);
      await repository.linkIdentity(user.id, identity.issuer, identity.subject);
    }
    if (!user.enabled) throw new IdentityError(400, 'SOCIAL_SIGN_IN_FAILED', M.socialSignInFailed);
    if (user.status !== 'confirmed') user = await confirmByProvider(user);
    const secret = generateOpaqueToken();
    await issueCode(
      user,
      'social_sign_in',
      IDENTITY_POLICY.socialExchangeTtlMs,
      `${secret}:${browserBinding}`,
    );
    return `${user.id}.${secret}`;
  }

  /**
   * The provider proved the mailbox of an account nobody had proven yet: it is confirmed, and keeps nothing the
   * unproven party set. An unconfirmed sign-up's password, phone number and custom id were chosen by whoever
   * signed up with the address, not necessarily its owner: kept, they would let that person sign in with their
   * password to the account the owner now uses (pre-account takeover). A pending temporary password is dropped
   * too. The account's codes and any session end with them; the owner can set a password with "Forgot password".
   */
  async function confirmByProvider(pending: UserRow): Promise<UserRow> {
    const now = clock();
    const confirmed = await atomically(async (tx) => {
      const row = await tx.users.updateUser(
        pending.id,
        {
          status: 'confirmed',
          emailVerified: true,
          passwordHash: null,
          temporaryPasswordExpiresAt: null,
          ...(pending.status === 'unconfirmed' ? { phoneNumber: null, userId: pending.id } : {}),
        },
        now,
        pending.status,
      );
      if (!row) return undefined;
      await tx.users.retireCodes(pending.id, now);
      await tx.endSessions(pending.id, now);
      return row;
    });
    if (confirmed) return confirmed;
    // Its status changed meanwhile (confirmed by its code, say): go on only if it is confirmed now.
    const current = await repository.findUserById(pending.id);
    if (current?.status !== 'confirmed' || !current.enabled)
      throw new IdentityError(400, 'SOCIAL_SIGN_IN_FAILED', M.socialSignInFailed);
    return current;
  }

  /** `browserBinding`: the exchanging browser's `mp_oidc` cookie, undefined when it sent none (then refused). */
  async function exchangeSocialCode(
    exchangeCode: string,
    browserBinding: string | undefined,
    client: ClientInfo = {},
  ): Promise<SignedIn> {
    const failed = () => new IdentityError(400, 'SOCIAL_SIGN_IN_FAILED', M.socialSignInFailed);
    const [userUuid = '', secret = ''] = exchangeCode.split('.');
    if (!/^[0-9a-f-]{36}$/.test(userUuid) || !secret || !browserBinding) throw failed();
    const user = await repository.findUserById(userUuid);
    if (!user?.enabled || (await useCode(user, 'social_sign_in', `${secret}:${browserBinding}`)) !== 'ok')
      throw failed();
    return startSession(user, undefined, false, client);
  }

  return {
    signIn,
    verifySecondFactor,
    verifySession,
    factors,
    startTotpSetup,
    confirmTotpSetup,
    removeTotp,
    enrolDemoTotp,
    signInWithProvider,
    exchangeSocialCode,
    refresh,
    signOut,
    listSessions,
    listActivity,
    endSession,
    endOtherSessions,
    getUser,
    updateUser,
    changePassword,
    signUp,
    confirmSignUp,
    resendCode,
    completeNewPassword,
    forgotPassword,
    confirmForgotPassword,
    adminCreateUser,
    adminSetDisabled,
    adminAddUserToGroup: (userUuid: string, group: string) => repository.addToGroup(userUuid, group),
    adminRemoveUserFromGroup: (userUuid: string, group: string) =>
      repository.removeFromGroup(userUuid, group),
    /** For social sign-in: sessions for a user found or created from a verified provider identity. */
    startSession,
    /** What the passkey service (passkeys.ts) shares with the rest of the second factors. */
    factorKit: {
      atomically,
      sendMail,
      requireFreshProof,
      pendingSecondFactor,
      hasSecondFactor,
      requireVerifiedToAdd,
      requireVerifiedToAddLocked,
      startSession,
      accountKeyOf: (email: string) => accountKeys.hash(normaliseEmail(email)),
      guardAgainstGuessing,
      /** A failed second factor: the attempt was counted on admission; lock once the count reaches the limit. */
      async countFailure(accountKey: string, failures: number) {
        if (failures >= IDENTITY_POLICY.lockAfterFailures)
          await repository.lockAccount(accountKey, after(IDENTITY_POLICY.lockDurationMs));
      },
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
