import { PasswordInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface PasswordFieldsProps {
  passwordLabel: string;
  password: UseFormRegisterReturn;
  repeatPassword: UseFormRegisterReturn;
  /** Already translated messages. */
  errors: { password: string | undefined; repeatPassword: string | undefined };
}

/** A new password with SPEC §5's hint, and its repetition ("Passwords must match"). */
export function PasswordFields({ passwordLabel, password, repeatPassword, errors }: PasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        description={t('validation.passwordHint')}
        autoComplete="new-password"
        required
        error={errors.password}
        {...password}
      />
      <PasswordInput
        label={t('passwords.repeat')}
        autoComplete="new-password"
        required
        error={errors.repeatPassword}
        {...repeatPassword}
      />
    </>
  );
}
