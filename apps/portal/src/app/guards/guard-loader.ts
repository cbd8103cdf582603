import { type LoaderFunctionArgs, redirect } from 'react-router';
import type { RouteId } from '../../lib/paths.ts';
import { runGuards } from './guard.ts';
import { guardEffects, loadGuardContext } from './guard-context.ts';
import { guardsFor } from './route-guards.ts';

/** A route loader that runs the route's whole guard chain and redirects on the first refusal. */
export function guardLoader(routeId: RouteId, needsMerchants: boolean) {
  const guards = guardsFor(routeId);
  return async ({ request, params }: LoaderFunctionArgs) => {
    const guardRequest = { routeId, url: new URL(request.url), params, needsMerchants };
    const context = await loadGuardContext(guardRequest);
    const outcome = await runGuards(guards, context, guardEffects(guardRequest));
    if (outcome.type === 'redirect') throw redirect(outcome.to);
    return null;
  };
}
