import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { confirmForgotPasswordSchema, newPasswordFormSchema } from '@mp/domain/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordFields } from './password-fields.tsx';

/** SPEC §5: the reset code (required, numeric) and the new password with its repetition. */
const resetFormSchema = confirmForgotPasswordSchema
  .pick({ email: true, code: true })
  .and(newPasswordFormSchema);

export interface ResetPasswordValues {
  email: string;
  code: string;
  password: string;
}

interface ForgotPasswordResetFormProps {
  /** Prefilled from the request step or from `?t=forgot&e=..&c=..`. */
  email: string;
  code: string;
  onSubmit: (values: ResetPasswordValues) => void;
  isLoading: boolean;
}

/** SPEC §2.4 forgot password, step 2: the reset code and a new password. */
export function ForgotPasswordResetForm({ email, code, onSubmit, isLoading }: ForgotPasswordResetFormProps) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(resetFormSchema),
    mode: 'onTouched',
    defaultValues: { email, code, password: '', repeatPassword: '' },
  });
  const { errors, isValid } = form.formState;
  const messageOf = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        onSubmit({ email: values.email, code: values.code, password: values.password }),
      )}
    >
      <Stack gap="md">
        <Text size="sm">{t('forgotPassword.resetIntro')}</Text>
        <TextInput
          label={t('forgotPassword.email')}
          type="email"
          autoComplete="email"
          required
          error={messageOf(errors.email?.message)}
          {...form.register('email')}
        />
        <TextInput
          label={t('forgotPassword.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={messageOf(errors.code?.message)}
          {...form.register('code')}
        />
        <PasswordFields
          passwordLabel={t('forgotPassword.password')}
          fields={{ password: form.register('password'), repeatPassword: form.register('repeatPassword') }}
          errors={errors}
        />
        <Button type="submit" disabled={!isValid || isLoading} loading={isLoading}>
          {t('forgotPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
