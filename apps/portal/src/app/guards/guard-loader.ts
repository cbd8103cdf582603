import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import type { RouteId } from '../../lib/paths.ts';
import { runGuards } from './guard.ts';
import { guardEffects, loadGuardContext } from './guard-context.ts';
import { guardsFor } from './route-guards.ts';

/** A route loader that runs the route's whole guard chain and redirects on the first refusal. */
export function guardLoader(queryClient: QueryClient, routeId: RouteId, needsMerchants: boolean) {
  const guards = guardsFor(routeId);
  return async ({ request, params }: LoaderFunctionArgs) => {
    const guardRequest = { routeId, url: new URL(request.url), params, needsMerchants };
    const context = await loadGuardContext(queryClient, guardRequest);
    const outcome = await runGuards(guards, context, guardEffects(queryClient, guardRequest));
    if (outcome.type === 'redirect') throw redirect(outcome.to);
    return null;
  };
}
