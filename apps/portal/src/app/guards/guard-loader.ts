import { type LoaderFunctionArgs, redirect } from 'react-router';
import type { RouteId } from '../../lib/paths.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { type GuardContext, runGuards } from './guard.ts';
import { guardEffects, loadGuardContext } from './guard-context.ts';
import { guardsFor } from './route-guards.ts';

/** A screen's first requests, loaded with their module (app/screens/prefetch.ts), sent once the guard lets it in. */
export type LoadPrefetch = () => Promise<(context: GuardContext) => void>;

/**
 * A route loader that runs the route's whole guard chain and redirects on the first refusal; when it lets the route
 * in, it sends the screen's first requests (`prefetch`) without waiting for them.
 */
export function guardLoader(routeId: RouteId, needsMerchants: boolean, prefetch?: LoadPrefetch) {
  const guards = guardsFor(routeId);
  return async ({ request, params }: LoaderFunctionArgs) => {
    // The screen's request code downloads while the guard waits for the user's merchants (signed in only).
    const sender = sessionStore.get()?.user ? prefetch?.() : undefined;
    sender?.catch(() => undefined);
    const guardRequest = { routeId, url: new URL(request.url), params, needsMerchants };
    const context = await loadGuardContext(guardRequest);
    const outcome = await runGuards(guards, context, guardEffects(guardRequest));
    if (outcome.type === 'redirect') throw redirect(outcome.to);
    if (sender && context.merchant)
      void sender
        .then((send) => send(context))
        // Only an early start: the screen's own queries send (and report) the same requests if this fails.
        .catch(() => undefined);
    return null;
  };
}
