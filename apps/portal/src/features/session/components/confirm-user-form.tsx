import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { confirmSignUpSchema } from '@mp/domain/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications/notify.ts';
import { confirmSignUp } from '../api/confirm-sign-up.ts';
import { resendCode } from '../api/resend-code.ts';
import { useFlow } from '../use-flow.ts';
import { FlowAlert } from './flow-alert.tsx';

const codeSchema = confirmSignUpSchema.pick({ code: true });

interface ConfirmUserFormProps {
  /** Already lowercased (SPEC §5). */
  email: string;
  /** Called once the code is accepted; the caller continues (signs in). */
  onConfirmed: () => void | Promise<void>;
  onBack: () => void;
}

/** SPEC §2.4 confirm user: a numeric code field, a confirm button, a resend-code button and a back link. */
export function ConfirmUserForm({ email, onConfirmed, onBack }: ConfirmUserFormProps) {
  const { t } = useTranslation();
  const flow = useFlow('confirmUser');
  const form = useForm({ resolver: zodResolver(codeSchema), mode: 'onTouched', defaultValues: { code: '' } });
  const { errors, isValid } = form.formState;

  const confirm = async ({ code }: { code: string }) => {
    const done = await flow.run(() => confirmSignUp({ email, code }));
    if (!done) return;
    notify(t('confirmUser.verified'));
    await onConfirmed();
  };
  const resend = async () => {
    if (await flow.run(() => resendCode({ email }))) notify(t('confirmUser.resent'));
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(confirm)}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('confirmUser.title')}
        </Title>
        <Text size="sm">{t('confirmUser.intro', { email })}</Text>
        <FlowAlert errorKey={flow.errorKey} />
        <TextInput
          label={t('confirmUser.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={errors.code?.message ? t(errors.code.message) : undefined}
          {...form.register('code')}
        />
        <Button type="submit" disabled={!isValid || flow.isLoading} loading={flow.isLoading}>
          {t('confirmUser.confirm')}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('confirmUser.back')}
          </Anchor>
          <Button variant="subtle" size="compact-sm" onClick={() => void resend()} disabled={flow.isLoading}>
            {t('confirmUser.resend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
