import { PasswordInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The two fields every new-password form holds (sign-up, temporary password, forgot password). */
interface PasswordFieldValues {
  password: string;
  repeatPassword: string;
}

interface PasswordFieldsProps {
  passwordLabel: string;
  /** The form's `register` and `formState.errors`; errors hold message keys. */
  register: UseFormRegister<PasswordFieldValues>;
  errors: FieldErrors<PasswordFieldValues>;
}

/** A new password with SPEC §5's hint, and its repetition ("Passwords must match"). */
export function PasswordFields({ passwordLabel, register, errors }: PasswordFieldsProps) {
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
        {...register('password')}
      />
      <PasswordInput
        label={t('passwords.repeat')}
        autoComplete="new-password"
        required
        error={messageOf(errors.repeatPassword?.message)}
        {...register('repeatPassword')}
      />
    </>
  );
}
