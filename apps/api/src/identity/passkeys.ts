import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { FastifyBaseLogger } from 'fastify';
import { passkeyChangeEmail } from './emails.ts';
import { IdentityError, IDENTITY_MESSAGES as M } from './errors.ts';
import type { ChallengePurpose, PasskeyRepository, PasskeyRow } from './passkey-repository.ts';
import type { IdentityRepository, UserRow } from './repository.ts';
import type { ClientInfo, FactorActor, IdentityService } from './service.ts';

/** Challenges live 5 minutes (the browser's own timeout is 2) and are used once. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
const CEREMONY_TIMEOUT_MS = 120_000;

/**
 * Where passkeys are valid (decision 0085): the relying party is the host of PUBLIC_URL, and the origins are
 * PUBLIC_URL's and PORTAL_ORIGIN's. An IP address cannot be a WebAuthn RP ID, so a loopback PUBLIC_URL
 * (http://127.0.0.1:port, development and e2e) makes `localhost` the RP ID and accepts
 * http://localhost:<same port> too.
 */
export function relyingParty(publicUrl: string, portalOrigin?: string | undefined) {
  const main = new URL(publicUrl);
  const origins = new Set([main.origin]);
  if (portalOrigin) origins.add(new URL(portalOrigin).origin);
  const loopback = main.hostname === '127.0.0.1' || main.hostname === '[::1]';
  if (loopback) {
    const local = new URL(main.origin);
    local.hostname = 'localhost';
    origins.add(local.origin);
  }
  const id = loopback ? 'localhost' : main.hostname;
  return { id, name: 'Merchant Portal', origins: [...origins] };
}
export type RelyingParty = ReturnType<typeof relyingParty>;

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced between devices (multiDevice and backed up). */
  synced: boolean;
}

const view = (row: PasskeyRow): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  synced: row.deviceType === 'multiDevice' && row.backedUp,
});

/** The user handle of a user's passkeys: the 16 bytes of their internal uuid (no e-mail, nothing personal). */
const userHandleOf = (userUuid: string) => Uint8Array.from(Buffer.from(userUuid.replaceAll('-', ''), 'hex'));
const uuidOfHandle = (handle: string) => {
  const hex = Buffer.from(isoBase64URL.toBuffer(handle)).toString('hex');
  return hex.length === 32
    ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    : undefined;
};

const rejected = (message: string = M.passkeyRejected) =>
  new IdentityError(400, 'PASSKEY_REJECTED', message, {
    details: [{ field: 'response', rule: 'passkey', message }],
  });

/** The challenge a response answers, read from its clientDataJSON (verified again by the library). */
function challengeOf(response: { response: { clientDataJSON: string } }): string {
  try {
    const client = JSON.parse(isoBase64URL.toUTF8String(response.response.clientDataJSON)) as {
      challenge?: unknown;
    };
    if (typeof client.challenge === 'string' && client.challenge.length > 0) return client.challenge;
  } catch {
    // answered below
  }
  throw rejected();
}

export interface PasskeyServiceDeps {
  passkeys: PasskeyRepository;
  users: IdentityRepository;
  identity: IdentityService;
  relyingParty: RelyingParty;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/** Passkeys (issue 15): set-up, listing and removal; second factor; password-less sign-in. */
export function createPasskeyService(deps: PasskeyServiceDeps) {
  const { passkeys, users, identity, relyingParty: rp, clock, log } = deps;
  const kit = identity.factorKit;

  /** 32 random bytes; stored as the base64url that comes back in clientDataJSON, handed to the library as bytes. */
  async function newChallenge(
    purpose: ChallengePurpose,
    userId: string | null,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const now = clock();
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const challenge = isoBase64URL.fromBuffer(bytes);
    if (userId) await passkeys.dropChallenges(userId, purpose);
    await passkeys.storeChallenge({
      challenge,
      purpose,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
    });
    return bytes;
  }

  /** Takes the answered challenge (single use, whatever follows); refused unless live and, if bound, this user's. */
  async function takeChallenge(
    response: { response: { clientDataJSON: string } },
    purpose: ChallengePurpose,
    userId?: string,
  ) {
    const challenge = challengeOf(response);
    const row = await passkeys.takeChallenge(challenge, purpose, clock());
    if (!row || (userId !== undefined && row.userId !== userId)) throw rejected(M.passkeyChallengeExpired);
    return challenge;
  }

  async function signedInUser(userUuid: string): Promise<UserRow> {
    const user = await users.findUserById(userUuid);
    if (!user?.enabled) throw new IdentityError(401, 'UNAUTHENTICATED', M.sessionExpired);
    return user;
  }

  /**
   * A user who already has a second factor adds a passkey only from a session that passed one: otherwise a
   * stolen password (or a social sign-in) could add the thief's own passkey and sign in with it alone. The same
   * rule as for an authenticator app (service.ts).
   */
  const requireVerifiedToAdd = (actor: FactorActor) =>
    kit.requireVerifiedToAdd(actor, M.secondFactorRequiredToAdd);

  async function list(userUuid: string): Promise<PasskeyView[]> {
    return (await passkeys.listForUser(userUuid)).map(view);
  }

  async function registrationOptions(actor: FactorActor) {
    const user = await signedInUser(actor.userId);
    await requireVerifiedToAdd(actor);
    const existing = await passkeys.listForUser(user.id);
    return generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user.email,
      userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
      userID: userHandleOf(user.id),
      challenge: await newChallenge('registration', user.id),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      // Discoverable, so the same passkey also signs in without the password.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    });
  }

  async function register(
    actor: FactorActor,
    input: { name: string; response: RegistrationResponseJSON },
  ): Promise<PasskeyView> {
    const user = await signedInUser(actor.userId);
    await requireVerifiedToAdd(actor);
    const expectedChallenge = await takeChallenge(input.response, 'registration', user.id);
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
    } catch (error) {
      log.info({ reason: (error as Error).message }, 'identity: passkey registration refused');
      throw rejected();
    }
    if (!verified.verified) throw rejected();
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
    const row = await kit.atomically(async (tx) => {
      // Decided under the user's row lock: a factor added meanwhile from another session counts (service.ts).
      await kit.requireVerifiedToAddLocked(tx, actor, M.secondFactorRequiredToAdd);
      const inserted = await tx.passkeys.insert({
        userId: user.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        createdAt: clock(),
      });
      if (!inserted) throw new IdentityError(409, 'PASSKEY_ALREADY_REGISTERED', M.passkeyAlreadyRegistered);
      // Like a confirmed authenticator app: proving the new factor marks this session as having passed one.
      await tx.users.markFamilySecondFactor(actor.sessionId);
      await tx.audit(actor, 'identity.passkey.added', user.id);
      return inserted;
    });
    await kit.sendMail(passkeyChangeEmail(user.email, user.locale, 'passkey_added', row.name));
    return view(row);
  }

  async function remove(
    actor: FactorActor,
    passkeyId: string,
    proof: { password?: string | undefined; code?: string | undefined },
  ): Promise<void> {
    const user = await signedInUser(actor.userId);
    // Another user's passkey, or none: 404 before any proof is looked at.
    const row = await passkeys.findForUser(user.id, passkeyId);
    if (!row) throw new IdentityError(404, 'NOT_FOUND', M.passkeyNotFound);
    await kit.requireFreshProof(actor, user, proof);
    await kit.atomically(async (tx) => {
      if (!(await tx.passkeys.deleteForUser(user.id, passkeyId)))
        throw new IdentityError(404, 'NOT_FOUND', M.passkeyNotFound);
      await tx.audit(actor, 'identity.passkey.removed', user.id);
    });
    await kit.sendMail(passkeyChangeEmail(user.email, user.locale, 'passkey_removed', row.name));
  }

  /** Checks an assertion against a stored passkey and moves its counter on; false when refused. */
  async function assertionHolds(
    row: PasskeyRow,
    response: AuthenticationResponseJSON,
    expectedChallenge: string,
    requireUserVerification: boolean,
  ): Promise<boolean> {
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: {
          id: row.credentialId,
          publicKey: isoBase64URL.toBuffer(row.publicKey),
          counter: row.counter,
          transports: row.transports,
        },
        requireUserVerification,
      });
      if (!result.verified) return false;
      return passkeys.recordUse(row.id, row.counter, result.authenticationInfo.newCounter, clock());
    } catch (error) {
      // The reason (wrong origin, counter gone backwards, bad signature) helps operators; no secrets in it.
      log.info(
        { reason: (error as Error).message, passkeyId: row.id },
        'identity: passkey assertion refused',
      );
      return false;
    }
  }

  /** Sign-in step 2 with a passkey: options for the user's passkeys, bound to the live step-one session. */
  async function secondFactorOptions(input: { email: string; session: string }) {
    const { user } = await kit.pendingSecondFactor(input);
    const own = await passkeys.listForUser(user.id);
    if (own.length === 0) throw new IdentityError(409, 'PASSKEY_NOT_SET_UP', M.passkeyNotSetUp);
    return generateAuthenticationOptions({
      rpID: rp.id,
      challenge: await newChallenge('second_factor', user.id),
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'preferred',
      allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports })),
    });
  }

  /** Sign-in step 2 with a passkey: a refused assertion counts towards the same lock-out as a wrong code. */
  async function verifySecondFactor(
    input: { email: string; session: string; response: AuthenticationResponseJSON },
    client: ClientInfo = {},
  ) {
    const { user, pending, expired } = await kit.pendingSecondFactor(input);
    const accountKey = kit.accountKeyOf(input.email);
    const failures = await kit.guardAgainstGuessing(accountKey);
    const refuse = async (): Promise<never> => {
      await kit.countFailure(accountKey, failures);
      throw rejected();
    };
    let expectedChallenge: string;
    try {
      expectedChallenge = await takeChallenge(input.response, 'second_factor', user.id);
    } catch (error) {
      await kit.countFailure(accountKey, failures);
      throw error;
    }
    const row = await passkeys.findByCredentialId(input.response.id);
    if (row?.userId !== user.id) return refuse();
    if (!(await assertionHolds(row, input.response, expectedChallenge, false))) return refuse();
    if (!(await users.consumeCode(pending.id, clock()))) throw expired();
    await users.clearSignInFailures(accountKey);
    return kit.startSession(user, undefined, true, client);
  }

  /** Password-less sign-in: options without allowed credentials, so the browser offers its discoverable ones. */
  async function signInOptions() {
    return generateAuthenticationOptions({
      rpID: rp.id,
      challenge: await newChallenge('sign_in', null),
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'required',
    });
  }

  /**
   * Password-less sign-in: a discoverable passkey with user verification is two factors in one (the device and
   * its PIN or biometrics), so the session has `mfa`. A refused assertion of a known passkey counts towards
   * its user's lock-out; a locked account stays locked.
   */
  async function signIn(input: { response: AuthenticationResponseJSON }, client: ClientInfo = {}) {
    const expectedChallenge = await takeChallenge(input.response, 'sign_in');
    const row = await passkeys.findByCredentialId(input.response.id);
    const handle = input.response.response.userHandle;
    if (!row || (handle !== undefined && uuidOfHandle(handle) !== row.userId)) throw rejected();
    const user = await users.findUserById(row.userId);
    if (!user?.enabled || user.status !== 'confirmed') throw rejected();
    const accountKey = kit.accountKeyOf(user.email);
    const failures = await kit.guardAgainstGuessing(accountKey);
    if (!(await assertionHolds(row, input.response, expectedChallenge, true))) {
      await kit.countFailure(accountKey, failures);
      throw rejected();
    }
    await users.clearSignInFailures(accountKey);
    return kit.startSession(user, undefined, true, client);
  }

  return {
    list,
    registrationOptions,
    register,
    remove,
    secondFactorOptions,
    verifySecondFactor,
    signInOptions,
    signIn,
  };
}
export type PasskeyService = ReturnType<typeof createPasskeyService>;
