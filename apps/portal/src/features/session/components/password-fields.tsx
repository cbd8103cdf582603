import { PasswordInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The two fields every new-password form holds (sign-up, temporary password, forgot password). */
interface PasswordFieldsProps {
  passwordLabel: string;
  /** `register('password')` and `register('repeatPassword')` of the form that holds them. */
  fields: { password: UseFormRegisterReturn; repeatPassword: UseFormRegisterReturn };
  /** The form's `formState.errors`; their messages are message keys. */
  errors: { password?: { message?: string }; repeatPassword?: { message?: string } };
}

/** A new password with SPEC §5's hint, and its repetition ("Passwords must match"). */
export function PasswordFields({ passwordLabel, fields, errors }: PasswordFieldsProps) {
  const { t } = useTranslation();
  const messageOf = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        description={t('validation.passwordHint')}
        autoComplete="new-password"
        required
        error={messageOf(errors.password?.message)}
        {...fields.password}
      />
      <PasswordInput
        label={t('passwords.repeat')}
        autoComplete="new-password"
        required
        error={messageOf(errors.repeatPassword?.message)}
        {...fields.repeatPassword}
      />
    </>
  );
}
