import type { MerchantPermissions } from '@mp/domain/permissions';
import type { RouteId } from '../../lib/paths.ts';
import type { SessionUser } from '../../lib/session/session-store.ts';
import type { FeatureFlags } from '../../lib/storage/flags.ts';

/** What a guard may know about a merchant (the shape of GET /api/merchants items). */
export interface GuardMerchant {
  merchantId: string;
  status: string;
  kycOnboardingStatus: string;
  permissions: MerchantPermissions;
  /** Issue 15: the owner requires two-factor sign-in of every user of the merchant. */
  requireTwoFactor?: boolean;
}

/** Everything a guard decides on. Built once per navigation by guard-context.ts. */
export interface GuardContext {
  routeId: RouteId;
  url: URL;
  params: Readonly<Record<string, string | undefined>>;
  /** null when nobody is signed in. */
  user: SessionUser | null;
  /** Every merchant of the user, sorted by legalEntityName. */
  merchants: readonly GuardMerchant[];
  merchant: GuardMerchant | null;
  flags: FeatureFlags;
  developer: boolean;
  hasCompanionTokens: boolean;
}

/**
 * A guard's answer. Two answers ask the runner for an effect and then continue with the changed
 * context: clearing the current merchant (SPEC §2.2 `deal`) and restoring the companion session.
 */
export type GuardDecision =
  | { type: 'continue' }
  | { type: 'redirect'; to: string }
  | { type: 'clear-merchant' }
  | { type: 'restore-companion-session' };

/** What menus and the command palette know without a route: user, merchants, current merchant, flags. */
export type GuardBase = Omit<GuardContext, 'routeId' | 'url' | 'params'>;

/** A guard is a pure function of the context (STYLE §3). */
export type Guard = (context: GuardContext) => GuardDecision;

export const CONTINUE: GuardDecision = { type: 'continue' };
export const redirectTo = (to: string): GuardDecision => ({ type: 'redirect', to });

export interface GuardEffects {
  clearMerchant(context: GuardContext): GuardContext | Promise<GuardContext>;
  restoreCompanionSession(context: GuardContext): GuardContext | Promise<GuardContext>;
}

export type GuardOutcome = { type: 'continue'; context: GuardContext } | { type: 'redirect'; to: string };

/** Runs guards in order; the first redirect wins; effects are applied and the chain goes on. */
export async function runGuards(
  guards: readonly Guard[],
  initial: GuardContext,
  effects: GuardEffects,
): Promise<GuardOutcome> {
  let context = initial;
  for (const guard of guards) {
    const decision = guard(context);
    if (decision.type === 'redirect') return decision;
    if (decision.type === 'clear-merchant') context = await effects.clearMerchant(context);
    if (decision.type === 'restore-companion-session')
      context = await effects.restoreCompanionSession(context);
  }
  return { type: 'continue', context };
}

/**
 * Whether the guards would let the user open a route, without side effects: used to show only the menu
 * entries a user may open. Clearing the merchant is simulated; a companion session cannot be.
 */
export function guardsAllow(guards: readonly Guard[], initial: GuardContext): boolean {
  let context = initial;
  for (const guard of guards) {
    const decision = guard(context);
    if (decision.type === 'redirect' || decision.type === 'restore-companion-session') return false;
    if (decision.type === 'clear-merchant') context = { ...context, merchant: null };
  }
  return true;
}
