import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request.ts';
import type { OnboardingApplication } from './current-application.ts';

/** Starts an application; its 6-digit shortcode is e-mailed to the user (SPEC §5). */
export function startApplication(dealReference: string | undefined): Promise<OnboardingApplication> {
  return apiRequest('POST', '/v1/onboarding/applications', dealReference ? { dealReference } : {});
}

export function useStartApplication(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dealReference: string | undefined) => startApplication(dealReference),
    onSuccess: (application) => queryClient.setQueryData(['onboarding-application', userId], application),
  });
}
