import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notifications/notify.ts';
import { pathTo, safeRedirectTarget } from '../../../lib/paths.ts';
import { completeNewPassword } from '../api/complete-new-password.ts';
import { isChallenge, type SignInInput, type SignInTokens, signIn } from '../api/sign-in.ts';
import { SignInForm } from '../components/sign-in-form.tsx';
import { SocialSignIn } from '../components/social-sign-in.tsx';
import { identityErrorKey } from '../identity-errors.ts';
import { initialSignInState, signInReducer } from '../sign-in-state.ts';
import { startSession } from '../start-session.ts';
import { useFlow } from '../use-flow.ts';
import { useSocialSignInReturn } from '../use-social-sign-in-return.ts';

// The challenge screens load only when the API asks for them.
const ConfirmUserForm = lazy(() =>
  import('../components/confirm-user-form.tsx').then((m) => ({ default: m.ConfirmUserForm })),
);
const NewPasswordForm = lazy(() =>
  import('../components/new-password-form.tsx').then((m) => ({ default: m.NewPasswordForm })),
);

/** SPEC §2.4 sign-in, with the confirmation-code and new-password challenges of §4. */
export default function SignInScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = search.get('redirect') ?? undefined;
  const [state, dispatch] = useReducer(signInReducer, initialSignInState);
  const newPassword = useFlow('newPassword');

  useEffect(() => {
    document.title = `${t('routes.sign-in')} · ${t('app.name')}`;
  }, [t]);

  const finish = async (tokens: SignInTokens) => {
    await startSession(tokens);
    await navigate(safeRedirectTarget(redirect), { replace: true });
  };
  useSocialSignInReturn(search, finish);

  const submit = async (credentials: SignInInput) => {
    dispatch({ type: 'submitted', credentials });
    try {
      const result = await signIn(credentials);
      if (!isChallenge(result)) {
        dispatch({ type: 'signed-in' });
        return finish(result);
      }
      if (result.challenge === 'CONFIRM_SIGN_UP') dispatch({ type: 'confirmation-required' });
      else dispatch({ type: 'new-password-required', session: result.session });
    } catch (error) {
      dispatch({ type: 'failed', errorKey: identityErrorKey('signIn', error) });
    }
  };

  const submitNewPassword = async (password: string) => {
    const { credentials, challengeSession } = state;
    if (!credentials || !challengeSession) return;
    const tokens = await newPassword.run(() =>
      completeNewPassword({ email: credentials.email, session: challengeSession, newPassword: password }),
    );
    if (!tokens) return;
    notify(t('newPassword.updated'));
    await finish(tokens);
  };

  const credentials = state.credentials;
  let content: React.ReactNode;
  if (state.userRequiresConfirmation && credentials)
    content = (
      <ConfirmUserForm
        email={credentials.email}
        onConfirmed={() => submit(credentials)}
        onBack={() => dispatch({ type: 'back' })}
      />
    );
  else if (state.forceNewPassword)
    content = (
      <NewPasswordForm
        onSubmit={(password) => void submitNewPassword(password)}
        isLoading={newPassword.isLoading}
        errorKey={newPassword.errorKey}
      />
    );
  else
    content = (
      <>
        {/* SPEC §2.1: the social button and divider only when the query has no g parameter. */}
        {!search.has('g') && <SocialSignIn redirect={redirect} />}
        <SignInForm
          onSubmit={(values) => void submit(values)}
          isLoading={state.status === 'loading'}
          errorKey={state.errorKey}
        />
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
      </>
    );

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={420} mx="auto" mt="xl">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('signIn.title')}
        </Title>
        <Suspense fallback={null}>{content}</Suspense>
      </Stack>
    </Paper>
  );
}
