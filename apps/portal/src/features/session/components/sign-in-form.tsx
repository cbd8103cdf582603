import { signInRules } from '@mp/domain/rules/sign-in';
import { useTranslation } from 'react-i18next';
import { useRulesForm } from '../../../lib/forms/use-rules-form.ts';
import type { SignInInput } from '../api/sign-in.ts';
import styles from './sign-in-page.module.css';
import { TextField } from './text-field.tsx';

interface SignInFormProps {
  onSubmit: (values: SignInInput) => void;
  isLoading: boolean;
  /** The i18n key of the sign-in error, shown as a warning alert above the form (SPEC §8). */
  errorKey: string | null;
}

/** SPEC §5: email required and valid, password required; submit disabled while invalid or loading. */
export function SignInForm({ onSubmit, isLoading, errorKey }: SignInFormProps) {
  const { t } = useTranslation();
  // The domain's plain rule functions (the API's zod schema applies the same ones), no form library nor zod:
  // /signin's download budget (issue 2 §8, lib/forms/use-rules-form.ts).
  const form = useRulesForm(signInRules, { email: '', password: '' });
  const messageOf = (key: string | undefined) => (key ? t(key) : undefined);

  // The rules' output trims and lowercases the email, so onSubmit receives it ready for the call (SPEC §5).
  return (
    <form noValidate className={styles.form} onSubmit={form.handleSubmit(onSubmit)}>
      {errorKey && (
        <div role="alert" className={styles.alert}>
          {t(errorKey)}
        </div>
      )}
      <TextField
        label={t('signIn.email')}
        type="email"
        autoComplete="email"
        required
        error={messageOf(form.errorOf('email'))}
        {...form.field('email')}
      />
      <TextField
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
        required
        error={messageOf(form.errorOf('password'))}
        {...form.field('password')}
      />
      <button
        type="submit"
        className={styles.button}
        disabled={!form.isValid || isLoading}
        data-loading={isLoading}
        aria-busy={isLoading}
      >
        <span className={styles.buttonLabel}>{t('signIn.submit')}</span>
      </button>
    </form>
  );
}
