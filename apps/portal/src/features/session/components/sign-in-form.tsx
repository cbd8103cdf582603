import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { signInSchema } from '@mp/domain/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SignInInput } from '../api/sign-in.ts';
import { FlowAlert } from './flow-alert.tsx';

interface SignInFormProps {
  onSubmit: (values: SignInInput) => void;
  isLoading: boolean;
  /** The i18n key of the sign-in error, shown as a warning alert above the form (SPEC §8). */
  errorKey: string | null;
}

/** SPEC §5: email required and valid, password required; submit disabled while invalid or loading. */
export function SignInForm({ onSubmit, isLoading, errorKey }: SignInFormProps) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(signInSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isValid } = form.formState;
  const messageOf = (key: string | undefined) => (key ? t(key) : undefined);

  // The schema trims and lowercases the email, so onSubmit receives it ready for the call (SPEC §5).
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Stack gap="md">
        <FlowAlert errorKey={errorKey} />
        <TextInput
          label={t('signIn.email')}
          type="email"
          autoComplete="email"
          required
          error={messageOf(errors.email?.message)}
          {...form.register('email')}
        />
        <PasswordInput
          label={t('signIn.password')}
          autoComplete="current-password"
          required
          error={messageOf(errors.password?.message)}
          {...form.register('password')}
        />
        <Button type="submit" disabled={!isValid || isLoading} loading={isLoading}>
          {t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
