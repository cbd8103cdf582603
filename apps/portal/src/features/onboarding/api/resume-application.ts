import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request.ts';
import type { OnboardingApplication } from './current-application.ts';

/** Continues the user's application by the shortcode from the e-mail (SPEC §5, §8). */
export function resumeApplication(shortcode: string): Promise<OnboardingApplication> {
  return apiRequest('POST', '/v1/onboarding/applications/resume', { shortcode });
}

export function useResumeApplication(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeApplication,
    onSuccess: (application) => queryClient.setQueryData(['onboarding-application', userId], application),
  });
}
