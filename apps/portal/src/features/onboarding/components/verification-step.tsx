import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type VerificationResult = 'verified' | 'needs-more-information' | 'rejected' | 'expired';

const RESULT_KEYS: Record<VerificationResult, string> = {
  verified: 'onboarding.verification.verified',
  'needs-more-information': 'onboarding.verification.needsMoreInformation',
  rejected: 'onboarding.verification.rejected',
  expired: 'onboarding.verification.expired',
};

interface VerificationStepProps {
  legalEntityName: string;
  siteName: string;
  /** Set once the merchant exists (pending verification). */
  submitted: boolean;
  /** A hosted verification page follows; false: the provider's team checks and decides (decision 0137). */
  hostedVerification: boolean;
  result: VerificationResult | null;
  errorKey: string | null;
  isBusy: boolean;
  onSubmit: () => void;
  onOpenVerification: () => void;
  onBack: () => void;
}

/**
 * Step 4: creates the merchant (POST /v1/customer-accounts), then the hosted verification page; without one
 * (decision 0137) the provider's team reviews the application and there is no link to follow.
 */
export function VerificationStep(props: VerificationStepProps) {
  const { t } = useTranslation();
  const { legalEntityName, siteName, submitted, hostedVerification, result, errorKey, isBusy } = props;
  return (
    <Stack gap="md" maw={560}>
      {result && (
        <Alert
          color={result === 'verified' ? 'green' : result === 'rejected' ? 'red' : 'yellow'}
          variant="light"
          role="status"
        >
          {t(RESULT_KEYS[result])}
        </Alert>
      )}
      {submitted ? (
        <Text>
          {t(hostedVerification ? 'onboarding.verification.pending' : 'onboarding.verification.inReview', {
            name: legalEntityName,
          })}
        </Text>
      ) : (
        <>
          <Text>
            {t(hostedVerification ? 'onboarding.verification.intro' : 'onboarding.verification.introReview')}
          </Text>
          <Text fw={600}>
            {t('onboarding.verification.summary', { name: legalEntityName, site: siteName })}
          </Text>
        </>
      )}
      {errorKey && (
        <Alert color="red" variant="light" role="alert">
          {t(errorKey)}
        </Alert>
      )}
      <Group justify={submitted ? 'flex-end' : 'space-between'}>
        {!submitted && (
          <Button variant="default" onClick={props.onBack} disabled={isBusy}>
            {t('onboarding.back')}
          </Button>
        )}
        {submitted ? (
          hostedVerification &&
          result !== 'rejected' && (
            <Button onClick={props.onOpenVerification} loading={isBusy}>
              {t('onboarding.verification.open')}
            </Button>
          )
        ) : (
          <Button onClick={props.onSubmit} loading={isBusy}>
            {t(
              hostedVerification
                ? 'onboarding.verification.submit'
                : 'onboarding.verification.submitForReview',
            )}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
