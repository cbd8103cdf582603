import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type OnboardingApplication = NonNullable<ResponseData<'getCurrentOnboardingApplication'>>;

/** The signed-in user's application in progress (else the last submitted one), or null. */
export function getCurrentApplication(): Promise<OnboardingApplication | null> {
  return apiRequest('GET', '/v1/onboarding/applications/current');
}

export function currentApplicationQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['onboarding-application', userId],
    queryFn: getCurrentApplication,
  });
}

export function useCurrentApplication(userId: string) {
  return useQuery(currentApplicationQueryOptions(userId));
}
