import '../onboarding-styles.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { onboardingShortcodeSchema } from '@mp/domain/schemas/company';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Page } from '../../../components/page.tsx';
import { PendingInvitationsNotice } from '../../../components/pending-invitations-notice.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import { pathTo } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useCurrentApplication } from '../api/current-application.ts';
import { useDeal } from '../api/get-deal.ts';
import { useResumeApplication } from '../api/resume-application.ts';
import { useStartApplication } from '../api/start-application.ts';
import { PricingTable } from '../components/pricing-table.tsx';
import { ONBOARDING_ERROR_KEYS } from '../onboarding-errors.ts';

const resumeSchema = z.object({ shortcode: onboardingShortcodeSchema });

/** /onboarding: start an application, continue the current one, or continue one by its shortcode (SPEC §5). */
export default function OnboardingLandingScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useSession()?.user.id ?? '';
  const [search] = useSearchParams();
  // "Add company" opens /onboarding?deal=new: it clears the merchant (SPEC §2.2) but names no deal.
  const deal = search.get('deal');
  const dealReference = deal && deal !== 'new' ? deal : undefined;
  // The deal's pricing in place of the standard price list; an unknown one shows the list and says so.
  const dealQuery = useDeal(dealReference);
  const dealFound = dealQuery.data ?? null;
  const current = useCurrentApplication(userId);
  const start = useStartApplication(userId);
  const resume = useResumeApplication(userId);
  const form = useForm({
    resolver: zodResolver(resumeSchema),
    mode: 'onTouched',
    defaultValues: { shortcode: '' },
  });
  const { errors, isValid } = form.formState;
  const toWizard = () => navigate(pathTo('onboarding-wizard'));
  const application = current.data;
  const inProgress = application?.status === 'in-progress';
  const awaitingVerification = application?.status === 'submitted' && !dealReference && deal !== 'new';

  return (
    <Page titleKey="routes.onboarding-landing">
      <PendingInvitationsNotice />
      <Text>{t('onboarding.landing.intro')}</Text>
      {dealReference &&
        (dealQuery.isPending ? (
          <LoadingIndicator size="sm" />
        ) : (
          <Card withBorder padding="lg" maw={560}>
            <Stack gap="sm">
              {!dealFound && (
                <Alert color="yellow" variant="light">
                  {t('onboarding.deal.notFound', { deal: dealReference })}
                </Alert>
              )}
              <PricingTable deal={dealFound} />
            </Stack>
          </Card>
        ))}
      {current.isPending ? (
        <LoadingIndicator size="sm" />
      ) : (
        <Group>
          {inProgress && <Button onClick={toWizard}>{t('onboarding.landing.continueCurrent')}</Button>}
          {awaitingVerification && (
            <Button onClick={toWizard}>{t('onboarding.landing.continueVerification')}</Button>
          )}
          <Button
            variant={inProgress || awaitingVerification ? 'default' : 'filled'}
            loading={start.isPending}
            disabled={Boolean(dealReference) && dealQuery.isPending}
            onClick={() => start.mutate(dealFound?.reference, { onSuccess: toWizard })}
          >
            {t('onboarding.landing.start')}
          </Button>
        </Group>
      )}
      {start.isError && (
        <Alert color="red" variant="light" role="alert">
          {t(apiErrorKey(start.error, 'onboarding.errors.start', ONBOARDING_ERROR_KEYS))}
        </Alert>
      )}
      <Card withBorder padding="lg" maw={480}>
        <form
          noValidate
          onSubmit={form.handleSubmit(({ shortcode }) => resume.mutate(shortcode, { onSuccess: toWizard }))}
        >
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('onboarding.landing.resumeTitle')}
            </Title>
            <Text size="sm">{t('onboarding.landing.resumeHint')}</Text>
            <TextInput
              label={t('onboarding.landing.shortcode')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={errors.shortcode?.message ? t(errors.shortcode.message) : undefined}
              {...form.register('shortcode')}
            />
            {resume.isError && (
              <Alert color="red" variant="light" role="alert">
                {t(apiErrorKey(resume.error, 'onboarding.errors.start', ONBOARDING_ERROR_KEYS))}
              </Alert>
            )}
            <Button
              type="submit"
              variant="default"
              disabled={!isValid || resume.isPending}
              loading={resume.isPending}
            >
              {t('onboarding.landing.resume')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
