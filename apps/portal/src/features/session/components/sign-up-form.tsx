import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { emailSchema, newPasswordFormSchema } from '@mp/domain/schemas/auth';
import { phoneNumberSchema } from '@mp/domain/schemas/phone';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FlowAlert } from './flow-alert.tsx';
import { PasswordFields } from './password-fields.tsx';

/**
 * SPEC §5: the domain's sign-up field rules (those of `signUpSchema`) plus the repeated password. Built from
 * the field schemas rather than `signUpSchema.pick`, so the phone rule (and libphonenumber-js) stays in the
 * /join chunk instead of riding along with every page that imports the auth schemas (issue 2 §8).
 */
const signUpFormSchema = z
  .object({ email: emailSchema, phoneNumber: phoneNumberSchema })
  .and(newPasswordFormSchema);

export interface SignUpFormValues {
  /** Lowercased by the schema (SPEC §5). */
  email: string;
  phoneNumber: string;
  password: string;
}

interface SignUpFormProps {
  onSubmit: (values: SignUpFormValues) => void;
  isLoading: boolean;
  errorKey: string | null;
}

/** Sign-up at /join: email, phone, password with the hint, repeat password. */
export function SignUpForm({ onSubmit, isLoading, errorKey }: SignUpFormProps) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(signUpFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', phoneNumber: '', password: '', repeatPassword: '' },
  });
  const { errors, isValid } = form.formState;
  const messageOf = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ email, phoneNumber, password }) =>
        onSubmit({ email, phoneNumber, password }),
      )}
    >
      <Stack gap="md">
        <FlowAlert errorKey={errorKey} />
        <TextInput
          label={t('signUp.email')}
          type="email"
          autoComplete="email"
          required
          error={messageOf(errors.email?.message)}
          {...form.register('email')}
        />
        <TextInput
          label={t('signUp.phone')}
          type="tel"
          autoComplete="tel"
          placeholder={t('signUp.phonePlaceholder')}
          required
          error={messageOf(errors.phoneNumber?.message)}
          {...form.register('phoneNumber')}
        />
        <PasswordFields
          passwordLabel={t('signUp.password')}
          fields={{ password: form.register('password'), repeatPassword: form.register('repeatPassword') }}
          errors={errors}
        />
        <Button type="submit" disabled={!isValid || isLoading} loading={isLoading}>
          {t('signUp.submit')}
        </Button>
      </Stack>
    </form>
  );
}
