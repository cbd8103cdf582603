import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { billingEmailSchema } from '@mp/domain/schemas/billing';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications/notify.ts';
import { useUpdateBillingEmail } from '../api/update-billing-email.ts';

/** The billing e-mail invoices are sent to; a failed save shows SPEC §8's retry message. */
export function BillingEmailForm({ merchantId, current }: { merchantId: string; current: string | null }) {
  const { t } = useTranslation();
  const update = useUpdateBillingEmail(merchantId);
  const form = useForm({
    resolver: zodResolver(billingEmailSchema),
    mode: 'onTouched',
    values: { billingEmail: current ?? '' },
  });
  const { errors, isDirty } = form.formState;
  const save = form.handleSubmit(async ({ billingEmail }) => {
    try {
      const settings = await update.mutateAsync(billingEmail);
      form.reset({ billingEmail: settings.billingEmail ?? '' });
      notify(t('billing.email.saved', { email: settings.billingEmail }));
    } catch {
      notify(t('billing.email.failed'), 'error');
    }
  });
  return (
    <Paper withBorder radius="md" p="md">
      <form noValidate onSubmit={save}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('billing.email.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('billing.email.intro')}
          </Text>
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label={t('billing.email.label')}
              type="email"
              autoComplete="email"
              required
              style={{ flex: '1 1 240px' }}
              error={errors.billingEmail?.message ? t(errors.billingEmail.message) : undefined}
              {...form.register('billingEmail')}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} loading={update.isPending} disabled={!isDirty}>
              {t('billing.email.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
