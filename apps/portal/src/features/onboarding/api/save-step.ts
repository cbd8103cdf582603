import type { OnboardingStep } from '@mp/domain/schemas/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request.ts';
import type { OnboardingApplication } from './current-application.ts';

/** Saves one wizard step, so the application resumes on any device. */
export function saveStep(
  applicationId: string,
  step: OnboardingStep,
  data: unknown,
): Promise<OnboardingApplication> {
  return apiRequest('PUT', `/v1/onboarding/applications/${encodeURIComponent(applicationId)}/steps/${step}`, {
    data,
  });
}

export function useSaveStep(userId: string, applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, data }: { step: OnboardingStep; data: unknown }) =>
      saveStep(applicationId, step, data),
    onSuccess: (application) => queryClient.setQueryData(['onboarding-application', userId], application),
  });
}
