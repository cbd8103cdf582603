import '../onboarding-styles.ts';
import { Stepper } from '@mantine/core';
import type { CompanyDetails, PaymentsStep as PaymentsValues } from '@mp/domain/schemas/onboarding';
import type { SiteInput } from '@mp/domain/schemas/site';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Page } from '../../../components/page.tsx';
import { apiErrorKey, hasErrorField, isApiError } from '../../../lib/api/api-error.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { pathTo } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { currentMerchantStore } from '../../merchants/current-merchant-store.ts';
import { useCreateCustomerAccount } from '../api/create-customer-account.ts';
import { useCreateVerificationLink } from '../api/create-verification-link.ts';
import { type OnboardingApplication, useCurrentApplication } from '../api/current-application.ts';
import { useSaveStep } from '../api/save-step.ts';
import { type CompanyFormValues, CompanyStep, EMPTY_COMPANY } from '../components/company-step.tsx';
import { EMPTY_PAYMENTS, PaymentsStep } from '../components/payments-step.tsx';
import { emptySite, SiteStep, siteFormValues } from '../components/site-step.tsx';
import { type VerificationResult, VerificationStep } from '../components/verification-step.tsx';
import { ONBOARDING_ERROR_KEYS } from '../onboarding-errors.ts';

const RESULTS: readonly VerificationResult[] = ['verified', 'needs-more-information', 'rejected', 'expired'];

/**
 * SPEC §7: POST /v1/customer-accounts answers a failure with an error field; §8 "Unable to … submit onboarding",
 * and merchant creation falls back to "An error ocurred when processing this request" when there is no error to
 * read (no answer, or an answer without the error model). A refused field reads SPEC §5's "Please ensure all fields
 * are filled correctly": the fields are on the steps before this one.
 */
function submitErrorKey(error: unknown): string {
  if (isApiError(error, 400) && !ONBOARDING_ERROR_KEYS[error.code]) return 'validation.fieldsInvalid';
  const fallback = hasErrorField(error) ? 'onboarding.errors.submit' : 'onboarding.errors.fallback';
  return apiErrorKey(error, fallback, ONBOARDING_ERROR_KEYS);
}

/** /onboarding/wizard: SPEC §2.4's four steps, each saved on the server before the next opens. */
export default function OnboardingWizardScreen() {
  const userId = useSession()?.user.id ?? '';
  const current = useCurrentApplication(userId);
  if (current.isPending) return <LoadingIndicator size="sm" />;
  if (!current.data) return <Navigate to={pathTo('onboarding-landing')} replace />;
  return <Wizard key={current.data.applicationId} userId={userId} application={current.data} />;
}

function Wizard({ userId, application }: { userId: string; application: OnboardingApplication }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const submitted = application.status === 'submitted';
  const [active, setActive] = useState(submitted ? 3 : Math.min(application.stepsDone, 3));
  const save = useSaveStep(userId, application.applicationId);
  const create = useCreateCustomerAccount();
  const link = useCreateVerificationLink();
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const data = application.data as { company?: CompanyDetails; payments?: PaymentsValues; site?: SiteInput };
  const resultParam = search.get('verification') as VerificationResult | null;
  // A rejection (the hosted page's or staff's, decision 0137) stands without a return from the page.
  const merchant = useCurrentMerchant();
  const rejected =
    merchant?.merchantId === application.merchantId && merchant?.kycOnboardingStatus === 'rejected';
  const result =
    resultParam && RESULTS.includes(resultParam) ? resultParam : rejected ? ('rejected' as const) : null;

  const saveAndGo = (step: 'company' | 'payments' | 'site', value: unknown, next: number) => {
    setErrorKey(null);
    save.mutate(
      { step, data: value },
      {
        onSuccess: () => setActive(next),
        onError: (error) =>
          setErrorKey(apiErrorKey(error, 'onboarding.errors.update', ONBOARDING_ERROR_KEYS)),
      },
    );
  };

  const goToVerification = (hostedOnboardingLink: string) => window.location.assign(hostedOnboardingLink);

  const submit = () => {
    if (!data.company || !data.payments || !data.site) return;
    setErrorKey(null);
    create.mutate(
      {
        applicationId: application.applicationId,
        company: data.company,
        payments: data.payments,
        site: data.site,
      } as never,
      {
        onSuccess: async ({ merchantId, hostedOnboardingLink }) => {
          // The new merchant becomes the current one: it is where the verification returns to.
          currentMerchantStore.remember(userId, merchantId);
          await queryClient.invalidateQueries({ queryKey: ['merchants'] });
          // Decision 0137: without a hosted provider there is no link; the step says the team is reviewing.
          if (hostedOnboardingLink) goToVerification(hostedOnboardingLink);
          else await queryClient.invalidateQueries({ queryKey: ['onboarding-application', userId] });
        },
        onError: (error) => setErrorKey(submitErrorKey(error)),
      },
    );
  };

  const openVerification = () => {
    if (!application.merchantId) return;
    setErrorKey(null);
    link.mutate(application.merchantId, {
      onSuccess: ({ hostedOnboardingLink }) => goToVerification(hostedOnboardingLink),
      onError: (error) =>
        setErrorKey(apiErrorKey(error, 'onboarding.errors.verificationLink', ONBOARDING_ERROR_KEYS)),
    });
  };

  const companyDefaults: CompanyFormValues = data.company
    ? { ...EMPTY_COMPANY, ...data.company, vatNumber: data.company.vatNumber ?? '' }
    : EMPTY_COMPANY;
  const country = data.company?.country ?? '';

  return (
    <Page titleKey="routes.onboarding-wizard">
      <Stepper
        active={active}
        onStepClick={submitted ? undefined : (step) => step < active && setActive(step)}
        allowNextStepsSelect={false}
        size="sm"
      >
        <Stepper.Step label={t('onboarding.steps.company')}>
          <CompanyStep
            defaultValues={companyDefaults}
            isSaving={save.isPending}
            onSubmit={(company) => saveAndGo('company', company, 1)}
          />
        </Stepper.Step>
        <Stepper.Step label={t('onboarding.steps.payments')}>
          <PaymentsStep
            defaultValues={data.payments ?? EMPTY_PAYMENTS}
            dealReference={application.dealReference}
            isSaving={save.isPending}
            onBack={() => setActive(0)}
            onSubmit={(payments) => saveAndGo('payments', payments, 2)}
          />
        </Stepper.Step>
        <Stepper.Step label={t('onboarding.steps.site')}>
          <SiteStep
            defaultValues={data.site ? siteFormValues(data.site) : emptySite(country)}
            payByLink={data.payments?.acceptedPaymentMethods.includes('pay-by-link') ?? false}
            isSaving={save.isPending}
            onBack={() => setActive(1)}
            onSubmit={(site) => saveAndGo('site', site, 3)}
          />
        </Stepper.Step>
        <Stepper.Step label={t('onboarding.steps.verification')}>
          <VerificationStep
            legalEntityName={data.company?.legalEntityName ?? ''}
            siteName={data.site?.name ?? ''}
            submitted={submitted}
            hostedVerification={application.hostedVerification}
            result={result}
            errorKey={errorKey}
            isBusy={create.isPending || link.isPending}
            onSubmit={submit}
            onOpenVerification={openVerification}
            onBack={() => setActive(2)}
          />
        </Stepper.Step>
      </Stepper>
      {errorKey && active < 3 && <ErrorText text={t(errorKey)} />}
    </Page>
  );
}

function ErrorText({ text }: { text: string }) {
  return (
    <p role="alert" style={{ color: 'var(--mantine-color-error)' }}>
      {text}
    </p>
  );
}
