import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { forgotPasswordSchema } from '@mp/domain/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface ForgotPasswordRequestFormProps {
  /** The email, lowercased by the schema (SPEC §5). */
  onSubmit: (email: string) => void;
  isLoading: boolean;
}

/** SPEC §2.4 forgot password, step 1: an email, and a code is sent. */
export function ForgotPasswordRequestForm({ onSubmit, isLoading }: ForgotPasswordRequestFormProps) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const { errors, isValid } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(({ email }) => onSubmit(email))}>
      <Stack gap="md">
        <Text size="sm">{t('forgotPassword.requestIntro')}</Text>
        <TextInput
          label={t('forgotPassword.email')}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message ? t(errors.email.message) : undefined}
          {...form.register('email')}
        />
        <Button type="submit" disabled={!isValid || isLoading} loading={isLoading}>
          {t('forgotPassword.send')}
        </Button>
      </Stack>
    </form>
  );
}
