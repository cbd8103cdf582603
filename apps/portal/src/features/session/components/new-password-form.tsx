import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, Title } from '@mantine/core';
import { newPasswordFormSchema } from '@mp/domain/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FlowAlert } from './flow-alert.tsx';
import { PasswordFields } from './password-fields.tsx';

interface NewPasswordFormProps {
  onSubmit: (password: string) => void;
  isLoading: boolean;
  errorKey: string | null;
}

/** SPEC §2.4 / §5: the new-password screen for a temporary password; repeat must match. */
export function NewPasswordForm({ onSubmit, isLoading, errorKey }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', repeatPassword: '' },
  });
  const { errors, isValid } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(({ password }) => onSubmit(password))}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('newPassword.title')}
        </Title>
        <Text size="sm">{t('newPassword.intro')}</Text>
        <FlowAlert errorKey={errorKey} />
        <PasswordFields
          passwordLabel={t('newPassword.password')}
          fields={{ password: form.register('password'), repeatPassword: form.register('repeatPassword') }}
          errors={errors}
        />
        <Button type="submit" disabled={!isValid || isLoading} loading={isLoading}>
          {t('newPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
