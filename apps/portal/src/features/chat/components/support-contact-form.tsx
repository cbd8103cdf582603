import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { objectInput } from '@mp/domain/schemas/common';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  supportMessageTextSchema,
} from '@mp/domain/schemas/support';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../../lib/api/api-error.ts';
import { type SupportMessageReceipt, useSendSupportMessage } from '../api/support-message.ts';

interface SupportContactFormProps {
  email: string;
  /** The company the user is looking at, offered as what the message is about (members only). */
  merchant: { merchantId: string; legalEntityName: string } | null;
}

const formSchema = objectInput({ ...supportMessageTextSchema, aboutMerchant: z.boolean() });
type Values = z.infer<typeof formSchema>;

/**
 * The help panel's contact form (issue 14 §4): subject, message and, when a company of the user's is open, whether
 * the message is about it. Sent to support by the API through the mail port; success shows the reference.
 */
export function SupportContactForm({ email, merchant }: SupportContactFormProps) {
  const { t } = useTranslation();
  const send = useSendSupportMessage();
  const [receipt, setReceipt] = useState<SupportMessageReceipt | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: { subject: '', message: '', aboutMerchant: merchant !== null },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    send.reset();
    try {
      const sent = await send.mutateAsync({
        subject: values.subject,
        message: values.message,
        ...(merchant && values.aboutMerchant ? { merchantId: merchant.merchantId } : {}),
      });
      setReceipt(sent);
      form.reset({ subject: '', message: '', aboutMerchant: merchant !== null });
    } catch {
      // Shown below from send.error.
    }
  });

  if (receipt)
    return (
      <Stack gap="xs">
        <Alert color="green" role="status" data-testid="support-sent">
          {t('support.sent', { reference: receipt.reference, email })}
        </Alert>
        <Button variant="subtle" onClick={() => setReceipt(null)}>
          {t('support.another')}
        </Button>
      </Stack>
    );

  const failure =
    send.error &&
    (isApiError(send.error) && send.error.status === 429 ? t('support.rateLimited') : t('support.failed'));
  return (
    <form noValidate onSubmit={submit} aria-labelledby="support-form-title">
      <Stack gap="xs">
        <Title order={3} size="h5" id="support-form-title" mt="xs">
          {t('support.formTitle')}
        </Title>
        <TextInput
          label={t('support.subject')}
          required
          maxLength={SUPPORT_SUBJECT_MAX}
          error={errors.subject?.message ? t(errors.subject.message) : undefined}
          {...form.register('subject')}
        />
        <Textarea
          label={t('support.message')}
          required
          rows={4}
          maxLength={SUPPORT_MESSAGE_MAX}
          error={errors.message?.message ? t(errors.message.message) : undefined}
          {...form.register('message')}
        />
        {merchant && (
          <Checkbox
            label={t('support.aboutCompany', { company: merchant.legalEntityName })}
            {...form.register('aboutMerchant')}
          />
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={send.isPending}>
          {t('support.send')}
        </Button>
      </Stack>
    </form>
  );
}
