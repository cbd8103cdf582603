import { Anchor, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { isLocale } from '@mp/domain/locales';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api/api-error.ts';
import { applyLocale } from '../../../lib/i18n/i18n.ts';
import { pathTo, safeRedirectTarget } from '../../../lib/paths.ts';
import { sessionStore, toEpochMs } from '../../../lib/session/session-store.ts';
import { isChallenge, type SignInInput, useSignIn } from '../api/sign-in.ts';
import { SignInForm } from '../components/sign-in-form.tsx';

/** Where the social-identity sign-in starts (SPEC §7); the button shows only when one is configured. */
const SOCIAL_SIGN_IN_URL: string | undefined = import.meta.env.VITE_SOCIAL_SIGN_IN_URL || undefined;

export default function SignInScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = search.get('redirect') ?? undefined;
  const signIn = useSignIn();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${t('routes.sign-in')} · ${t('app.name')}`;
  }, [t]);

  const submit = async (values: SignInInput) => {
    setErrorMessage(null);
    try {
      const result = await signIn.mutateAsync(values);
      if (isChallenge(result)) {
        // The confirmation-code and new-password screens are finished by the identity issue.
        setErrorMessage(t('signIn.challengeNotAvailable'));
        return;
      }
      sessionStore.set({
        tokens: {
          idToken: result.idToken,
          accessToken: result.accessToken,
          refreshToken: result.refreshToken,
          expiresAt: toEpochMs(result.expiresAt),
        },
        user: result.user,
      });
      const preferred = result.user.preferences.locale;
      if (isLocale(preferred)) await applyLocale(preferred);
      navigate(safeRedirectTarget(redirect), { replace: true });
    } catch (error) {
      setErrorMessage(signInErrorMessage(error, t));
    }
  };

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={420} mx="auto" mt="xl">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('signIn.title')}
        </Title>
        {SOCIAL_SIGN_IN_URL && !search.has('g') && (
          <>
            <Button component="a" href={SOCIAL_SIGN_IN_URL} variant="default">
              {t('signIn.social')}
            </Button>
            <Divider label={t('signIn.or')} labelPosition="center" />
          </>
        )}
        <SignInForm onSubmit={submit} isLoading={signIn.isPending} errorMessage={errorMessage} />
        <Group justify="space-between">
          <Anchor component={Link} to={pathTo('forgot-password')} size="sm">
            {t('signIn.forgotPassword')}
          </Anchor>
          <Text size="sm">
            {t('signIn.noAccount')}{' '}
            <Anchor component={Link} to={pathTo('join', {}, { redirect })}>
              {t('signIn.join')}
            </Anchor>
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** SPEC §8: bad credentials read "Incorrect email or password"; other failures the API's own message. */
function signInErrorMessage(error: unknown, t: (key: string) => string): string {
  if (!isApiError(error) || error.status >= 500 || error.code === 'SIGN_IN_FAILED')
    return t('signIn.genericError');
  if (error.code === 'INCORRECT_CREDENTIALS') return t('signIn.incorrectCredentials');
  return error.message;
}
