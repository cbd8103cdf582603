import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { pathTo } from '../../../lib/paths.ts';
import { isChallenge, type SignInInput, signIn } from '../api/sign-in.ts';
import { signUp } from '../api/sign-up.ts';
import { ConfirmUserForm } from '../components/confirm-user-form.tsx';
import { FlowAlert } from '../components/flow-alert.tsx';
import { SignUpForm, type SignUpFormValues } from '../components/sign-up-form.tsx';
import { startSession } from '../start-session.ts';
import { useFlow } from '../use-flow.ts';

/** SPEC §2.1 /join and §4: sign up, confirm the e-mailed code, then sign in and go into onboarding. */
export default function JoinScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const signUpFlow = useFlow('signUp');
  const signInFlow = useFlow('signIn');
  // Kept in memory only, to sign in once the code is confirmed.
  const [credentials, setCredentials] = useState<SignInInput | null>(null);

  useEffect(() => {
    document.title = `${t('routes.join')} · ${t('app.name')}`;
  }, [t]);

  const submit = async ({ email, phoneNumber, password }: SignUpFormValues) => {
    const done = await signUpFlow.run(() =>
      signUp({ email, phone_number: phoneNumber, password, locale: currentLocale() }),
    );
    if (done) setCredentials({ email, password });
  };

  const continueToOnboarding = async () => {
    if (!credentials) return;
    const result = await signInFlow.run(() => signIn(credentials));
    if (!result || isChallenge(result)) return;
    await startSession(result);
    await navigate(pathTo('onboarding-landing'), { replace: true });
  };

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={460} mx="auto" mt="xl">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('signUp.title')}
        </Title>
        {credentials ? (
          <>
            <FlowAlert errorKey={signInFlow.errorKey} />
            <ConfirmUserForm
              email={credentials.email}
              onConfirmed={continueToOnboarding}
              onBack={() => setCredentials(null)}
            />
          </>
        ) : (
          <>
            <SignUpForm
              onSubmit={(values) => void submit(values)}
              isLoading={signUpFlow.isLoading}
              errorKey={signUpFlow.errorKey}
            />
            <Text size="sm">
              {t('signUp.haveAccount')}{' '}
              <Anchor
                component={Link}
                to={pathTo('sign-in', {}, { redirect: search.get('redirect') ?? undefined })}
              >
                {t('signUp.signIn')}
              </Anchor>
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
