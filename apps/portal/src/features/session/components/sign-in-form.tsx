import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { signInSchema } from '@mp/domain/schemas/sign-in';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
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
  // useSchemaForm, not react-hook-form: /signin's download budget (issue 2 §8, lib/forms/use-schema-form.ts).
  const form = useSchemaForm(signInSchema, { email: '', password: '' });
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
          error={messageOf(form.errorOf('email'))}
          {...form.field('email')}
        />
        <PasswordInput
          label={t('signIn.password')}
          autoComplete="current-password"
          required
          error={messageOf(form.errorOf('password'))}
          {...form.field('password')}
        />
        <Button type="submit" disabled={!form.isValid || isLoading} loading={isLoading}>
          {t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
