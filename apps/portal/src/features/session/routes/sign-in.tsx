import { Suspense, useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { lazyWithMantine } from '../../../lib/mantine/lazy-mantine.tsx';
import { notify } from '../../../lib/notifications/notify.ts';
import { pathTo, safeRedirectTarget } from '../../../lib/paths.ts';
import { completeNewPassword } from '../api/complete-new-password.ts';
import { isChallenge, type SignInInput, type SignInTokens, signIn } from '../api/sign-in.ts';
import { SignInForm } from '../components/sign-in-form.tsx';
import styles from '../components/sign-in-page.module.css';
import { SocialSignIn } from '../components/social-sign-in.tsx';
import { identityErrorKey } from '../identity-errors.ts';
import { initialSignInState, signInReducer } from '../sign-in-state.ts';
import { startSession } from '../start-session.ts';
import { useFlow } from '../use-flow.ts';
import { useSocialSignInReturn } from '../use-social-sign-in-return.ts';

// The challenge screens load only when the API asks for them, with Mantine (they are built with it).
const ConfirmUserForm = lazyWithMantine(() =>
  import('../components/confirm-user-form.tsx').then((m) => m.ConfirmUserForm),
);
const SecondFactorForm = lazyWithMantine(() =>
  import('../components/second-factor-form.tsx').then((m) => m.SecondFactorForm),
);
const NewPasswordForm = lazyWithMantine(() =>
  import('../components/new-password-form.tsx').then((m) => m.NewPasswordForm),
);

/**
 * SPEC §2.4 sign-in, with the confirmation-code and new-password challenges of §4. Plain elements and CSS, no
 * Mantine: the page that every visitor loads first stays within its download budget (issue 2 §8).
 */
export default function SignInScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = search.get('redirect') ?? undefined;
  const [state, dispatch] = useReducer(signInReducer, initialSignInState);
  const newPassword = useFlow('newPassword');
  const [passkeyBusy, setPasskeyBusy] = useState(false);

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
      else if (result.challenge === 'SECOND_FACTOR_REQUIRED')
        dispatch({ type: 'second-factor-required', session: result.session });
      else dispatch({ type: 'new-password-required', session: result.session });
    } catch (error) {
      dispatch({ type: 'failed', errorKey: identityErrorKey('signIn', error) });
    }
  };

  // Issue 15: password-less sign-in with a passkey the browser offers; its code and library load on the click.
  const signInWithPasskey = async () => {
    setPasskeyBusy(true);
    try {
      const { passkeySignIn } = await import('../passkey-ceremonies.ts');
      await finish(await passkeySignIn());
    } catch (error) {
      dispatch({ type: 'failed', errorKey: identityErrorKey('signIn', error) });
    }
    setPasskeyBusy(false);
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
  else if (state.secondFactorRequired && credentials && state.challengeSession)
    content = (
      <SecondFactorForm
        email={credentials.email}
        session={state.challengeSession}
        onSignedIn={finish}
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
        {'PublicKeyCredential' in window && (
          <button
            type="button"
            className={`${styles.button} ${styles.default}`}
            disabled={passkeyBusy}
            onClick={() => void signInWithPasskey()}
          >
            {t('twoFactor.passkey.signIn')}
          </button>
        )}
        <div className={styles.links}>
          <Link className={styles.link} to={pathTo('forgot-password')}>
            {t('signIn.forgotPassword')}
          </Link>
          <p>
            {t('signIn.noAccount')}{' '}
            <Link className={styles.link} to={pathTo('join', {}, { redirect })}>
              {t('signIn.join')}
            </Link>
          </p>
        </div>
      </>
    );

  return (
    <section className={styles.card}>
      <div className={styles.stack}>
        <h1 className={styles.title}>{t('signIn.title')}</h1>
        <Suspense fallback={null}>{content}</Suspense>
      </div>
    </section>
  );
}
