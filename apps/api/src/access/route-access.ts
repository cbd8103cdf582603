import {
  EMPTY_PERMISSIONS,
  holdsPermissions,
  type MerchantPermissions,
  type Permission,
  type PermissionScope,
  permissionsFromRoles,
  STAFF_GROUP,
} from '@mp/domain/permissions';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
} from 'fastify';
import type { Clock } from '../clock.ts';
import { type Actor, requireActor, requireActorHook } from '../plugins/auth.ts';
import { AppError, notFound } from '../plugins/errors.ts';
import { accessRepository, loadAccessAndRead, type MerchantRow } from './access-repository.ts';
import { recordAudit } from './audit-writer.ts';
import { isUuid, type TenantDb, type Tx } from './tenant-db.ts';

/**
 * What a route requires of its caller, declared on the route (`config: { access }`) so that no route can
 * forget its check; the preHandler below enforces it before the input is even validated.
 *
 * - `public`: anybody (sign-in, health, …).
 * - `signed-in`: any valid access token.
 * - `staff`: staff only; anybody else gets 404.
 * - `merchant`: the merchant in the `:id` path parameter; a non-member who is not staff gets 404, identical
 *   whether the merchant exists or not; then every listed permission must be held in `scope` (staff pass):
 *   `company`, `site` (every `siteId` of the path, the query and the body; without one the check is
 *   `any-site` and the service must narrow to the sites the actor holds, see `sitesWithPermission`) or
 *   `any-site`. `staffOnly` lets only staff through. `audited` says the service writes its own audit entries
 *   for writes (so the generic staff-action entry is not written twice).
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'staff' }
  | {
      kind: 'merchant';
      permissions: readonly Permission[];
      scope: 'company' | 'site' | 'any-site';
      staffOnly?: boolean;
      audited?: boolean;
      /**
       * The route's one read (one statement), sent with the access check's statement in one round trip on
       * PostgreSQL (docs/PERFORMANCE.md). Given the merchant id (a checked uuid) and the request before its
       * input is validated; undefined when the request's input does not allow it (the handler then reads
       * itself). Its answer is dropped unread unless access is granted; the handler takes it with `readOf`.
       */
      read?: (merchantId: string, request: FastifyRequest) => ((tx: Tx) => Promise<unknown>) | undefined;
    };

/** What the access check established for a merchant-scoped request. */
export interface MerchantAccessContext {
  merchant: MerchantRow;
  merchantId: string;
  actor: Actor;
  isStaff: boolean;
  isMember: boolean;
  /** From the actor's roles (empty for staff who are not members: SPEC §4 staff override). */
  permissions: MerchantPermissions;
  /** The staff member's live override into this merchant, if any. */
  override: { id: string; reason: string; expiresAt: Date } | null;
  ip: string;
  requestId: string;
  userAgent: string | null;
}

export interface RouteCatalogEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set by the access check of `merchant` routes; null elsewhere. */
    access: MerchantAccessContext | null;
    /** The answer of the route's declared `read`, once access is granted; null elsewhere. */
    accessRead: (() => Promise<unknown>) | null;
  }
  interface FastifyInstance {
    /** Every route registered after the access plugin, with its declared access (authorization matrix). */
    routeCatalog: RouteCatalogEntry[];
    tenantDb: TenantDb;
  }
}

/** Merchant-scoped paths: each must declare `merchant` access (test/access-route-declarations.test.ts). */
export const MERCHANT_PATH = /^\/api(\/v1)?\/merchants\/:id(\/|$)/;

/**
 * The scopes a `site` route's permissions must hold in: each site named in the path, the query or the body. The
 * check runs before the input is validated and does not know which of them the handler reads (a query the route
 * does not declare is never validated), so a caller cannot have one site checked and another used
 * (`?siteId=<theirs>` with `{ "siteId": "<not theirs>" }`): every one must hold.
 */
function scopesOf(request: FastifyRequest, scope: 'company' | 'site' | 'any-site'): PermissionScope[] {
  if (scope === 'company') return [{ kind: 'company' }];
  if (scope === 'any-site') return [{ kind: 'any-site' }];
  const siteIds = new Set<string>();
  for (const source of [request.params, request.query, request.body]) {
    if (source && typeof source === 'object' && 'siteId' in source) {
      const value = (source as { siteId: unknown }).siteId;
      if (typeof value === 'string' && value !== '') siteIds.add(value);
    }
  }
  return siteIds.size > 0 ? [...siteIds].map((siteId) => ({ kind: 'site', siteId })) : [{ kind: 'any-site' }];
}

/**
 * Issue 15 (PCI DSS 4.0 8.4): staff powers need a session that passed a second factor. A staff caller whose
 * access token carries no `mfa` in its `amr` is refused with 403 SECOND_FACTOR_REQUIRED on every staff and
 * merchant route; the identity routes (set-up, step-up) stay open so they can get one.
 */
export function secondFactorRequired(): AppError {
  return new AppError(
    403,
    'SECOND_FACTOR_REQUIRED',
    'Two-factor sign-in is required: set it up, or verify a code, to continue.',
  );
}

export const requireStaffActor: preHandlerHookHandler = async (request, reply) => {
  await requireActor(request, reply);
  if (!request.actor?.isStaff) throw notFound();
  if (!request.actor.secondFactor) throw secondFactorRequired();
};

function merchantCheck(
  access: Extract<RouteAccess, { kind: 'merchant' }>,
  deps: { tenantDb: TenantDb; clock: Clock },
) {
  return async function checkMerchantAccess(request: FastifyRequest, reply: FastifyReply) {
    await requireActor(request, reply);
    const actor = request.actor as Actor;
    const merchantId = (request.params as { id?: unknown } | undefined)?.id;
    // One answer for "no such merchant", "not yours" and "not allowed": nothing is revealed (DESIGN §4).
    const denied = () => notFound('Merchant not found');
    if (typeof merchantId !== 'string' || !isUuid(merchantId)) throw denied();
    if (access.staffOnly && !actor.isStaff) throw denied();
    if (actor.isStaff && !actor.secondFactor) throw secondFactorRequired();
    const { context, answer } = await accessContext(
      deps,
      merchantId,
      actor,
      { ip: request.ip, requestId: String(request.id), userAgent: request.headers['user-agent'] ?? null },
      access.read?.(merchantId, request),
    );
    if (
      !context ||
      !scopesOf(request, access.scope).every((scope) => holdsPermissions(context, access.permissions, scope))
    )
      throw denied();
    // Issue 15: an owner can require a second factor of every user of the merchant (company settings); a member's
    // session that passed none is refused like a staff one, and the portal sends them to /two-factor.
    if (context.merchant.requireTwoFactor && !actor.secondFactor) throw secondFactorRequired();
    request.access = context;
    request.accessRead = answer ?? null;
  };
}

/**
 * The caller's access to a merchant as it stands now, or undefined when they have none (not a member, not
 * staff); with `read`, that read's answer (see `RouteAccess.read`), to be used only once access is granted.
 */
async function accessContext(
  deps: { tenantDb: TenantDb; clock: Clock },
  merchantId: string,
  actor: Actor,
  request: Pick<MerchantAccessContext, 'ip' | 'requestId' | 'userAgent'>,
  read?: (tx: Tx) => Promise<unknown>,
): Promise<{ context: MerchantAccessContext | undefined; answer: (() => Promise<unknown>) | undefined }> {
  const { loaded, answer } = await loadAccessAndRead(
    deps.tenantDb,
    merchantId,
    actor,
    deps.clock.now(),
    read,
  );
  if (!loaded || (!loaded.grants && !actor.isStaff)) return { context: undefined, answer: undefined };
  return {
    context: {
      merchant: loaded.merchant,
      merchantId: loaded.merchant.id,
      actor,
      isStaff: actor.isStaff,
      isMember: Boolean(loaded.grants),
      permissions: loaded.grants ? permissionsFromRoles(loaded.grants) : EMPTY_PERMISSIONS,
      override: loaded.override
        ? { id: loaded.override.id, reason: loaded.override.reason, expiresAt: loaded.override.expiresAt }
        : null,
      ...request,
    },
    answer,
  };
}

/**
 * Reads a request's access again, for requests that outlive a moment and their access token (the live events
 * stream): a member removed or narrowed, a staff override that ended, a staff member taken out of the Staff group
 * (a token issued now would not say staff), or an owner who since requires a second factor the session did not
 * pass (the check above refuses a new request of that session), since the request began. Undefined when nothing
 * is left.
 */
export async function reloadAccess(
  deps: { tenantDb: TenantDb; clock: Clock },
  context: MerchantAccessContext,
): Promise<MerchantAccessContext | undefined> {
  const { ip, requestId, userAgent } = context;
  let actor = context.actor;
  if (
    actor.isStaff &&
    !(await deps.tenantDb.forMerchant(context.merchantId, (tx) =>
      accessRepository.isStaffNow(tx, actor.userId),
    ))
  )
    actor = { ...actor, isStaff: false, groups: actor.groups.filter((group) => group !== STAFF_GROUP) };
  const { context: reloaded } = await accessContext(deps, context.merchantId, actor, {
    ip,
    requestId,
    userAgent,
  });
  return reloaded?.merchant.requireTwoFactor && !reloaded.actor.secondFactor ? undefined : reloaded;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Records what staff do on a merchant that no service recorded itself: under a live override every request
 * (reads too), otherwise every write. Both identities are kept: the staff actor and the merchant (with the
 * override id) they acted in.
 */
function staffActionRecorder(deps: { tenantDb: TenantDb; clock: Clock }) {
  async function record(request: FastifyRequest, reply: FastifyReply, context: MerchantAccessContext) {
    try {
      await deps.tenantDb.forMerchant(context.merchantId, (tx) =>
        recordAudit(tx, context, deps.clock, {
          action: 'staff.request',
          entityType: 'route',
          entityId: `${request.method} ${request.routeOptions.url}`,
          after: { statusCode: reply.statusCode },
        }),
      );
    } catch (error) {
      request.log.error({ err: error }, 'access: recording a staff action failed');
    }
  }
  // A callback hook: a member's request (nothing to record) passes without a promise and a microtask
  // (docs/PERFORMANCE.md, session 15); a staff action is recorded before the payload goes on, as before.
  return function recordStaffAction(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ): void {
    const context = request.access;
    if (!context?.isStaff) {
      done(null, payload);
      return;
    }
    const declared = request.routeOptions.config.access;
    const isRead = READS.has(request.method);
    const serviceRecorded = declared?.kind === 'merchant' && declared.audited === true && !isRead;
    if (serviceRecorded || (isRead && !context.override)) {
      done(null, payload);
      return;
    }
    record(request, reply, context).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  };
}

/**
 * Registers the declarative access check on every route that declares `config.access`, and keeps the
 * route catalog. Registered on the root before any route (app.ts).
 */
async function accessPlugin(app: FastifyInstance, deps: { tenantDb: TenantDb; clock: Clock }) {
  app.decorate('tenantDb', deps.tenantDb);
  app.decorate('routeCatalog', [] as RouteCatalogEntry[]);
  app.decorateRequest('access', null);
  app.decorateRequest('accessRead', null);
  const recorder = staffActionRecorder(deps);
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    const access = route.config?.access;
    for (const method of methods) app.routeCatalog.push({ method, url: route.url, access });
    if (!access || access.kind === 'public') return;
    const check: preValidationHookHandler =
      access.kind === 'signed-in'
        ? (requireActorHook as preValidationHookHandler)
        : access.kind === 'staff'
          ? requireStaffActor
          : (merchantCheck(access, deps) as preValidationHookHandler);
    // preValidation: the caller is checked before the input, so a stranger's request is 401/404 whatever its
    // body or query hold, never a 400 that reveals what the route expects.
    const existing = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [check, ...existing];
    if (access.kind === 'merchant') {
      // onSend: the entry is written before the response leaves, so a client never sees an unrecorded action.
      const onSend = route.onSend ? [route.onSend].flat() : [];
      route.onSend = [...onSend, recorder as unknown as onSendHookHandler];
    }
  });
}
// Same effect as fastify-plugin: decorators and the onRoute hook apply to the whole app.
(accessPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export { accessPlugin };

/** The access context of a `merchant` route's request (throws if the route forgot to declare it). */
export function accessOf(request: FastifyRequest): MerchantAccessContext {
  if (!request.access) throw new Error(`route ${request.routeOptions.url} has no merchant access declared`);
  return request.access;
}

/**
 * The answer of the route's declared `read` (`RouteAccess.read`), already on its way with the access check;
 * undefined when the route declared none or it did not apply to this request (the handler reads itself).
 */
export function readOf<T>(request: FastifyRequest): (() => Promise<T>) | undefined {
  return (request.accessRead as (() => Promise<T>) | null) ?? undefined;
}
