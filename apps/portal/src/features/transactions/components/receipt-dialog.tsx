import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isLocale, LOCALES, type Locale } from '@mp/domain/locales';
import { emailRule, normaliseEmail } from '@mp/domain/rules/email';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api/api-error.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { useSendReceipt } from '../api/send-receipt.ts';

/**
 * SPEC §8: an address that bounced before is an inactive recipient; too many receipts (the API's limits per user,
 * merchant and address) say so; anything else is a generic failure.
 */
function receiptErrorKey(error: unknown): string {
  if (isApiError(error, 422) && error.code === 'RECIPIENT_INACTIVE') return 'transactions.receipt.inactive';
  if (isApiError(error, 429)) return 'transactions.receipt.tooMany';
  if (isApiError(error, 400) && error.details[0]?.field === 'email') return error.details[0].rule;
  return 'transactions.receipt.failed';
}

/**
 * E-mail receipt dialog (issue 11 §3): an address (SPEC §5 email rule as typed) and the receipt's language, the
 * portal's language by default; the API sends it through the mail port.
 */
export function ReceiptButton({ merchantId, transactionId }: { merchantId: string; transactionId: string }) {
  const { t, i18n } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [email, setEmail] = useState('');
  const [locale, setLocale] = useState<Locale>('en-GB');
  const [touched, setTouched] = useState(false);
  const send = useSendReceipt(merchantId, transactionId);
  const error = emailRule(email);

  const start = () => {
    setEmail('');
    setTouched(false);
    setLocale(isLocale(i18n.language) ? i18n.language : 'en-GB');
    send.reset();
    open();
  };
  const submit = async () => {
    setTouched(true);
    if (error) return;
    try {
      const result = await send.mutateAsync({ email: normaliseEmail(email), locale });
      close();
      notify(t('transactions.receipt.sent', { email: result.to }));
    } catch {
      // Shown in the dialog (send.error).
    }
  };

  return (
    <>
      <Button variant="default" onClick={start}>
        {t('transactions.receipt.open')}
      </Button>
      <ConfirmDialog
        opened={opened}
        onClose={close}
        onConfirm={submit}
        title={t('transactions.receipt.title')}
        confirmLabel={t('transactions.receipt.confirm')}
        loading={send.isPending}
        footer={
          send.error && (
            <Alert color="red" variant="light" role="alert">
              {t(receiptErrorKey(send.error))}
            </Alert>
          )
        }
      >
        <Stack gap="sm">
          <TextInput
            label={t('transactions.receipt.email')}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && error ? t(error) : undefined}
            autoComplete="off"
            data-autofocus
          />
          <Select
            label={t('transactions.receipt.language')}
            data={LOCALES.map((value) => ({ value, label: t(`language.names.${value}`) }))}
            value={locale}
            onChange={(next) => next && isLocale(next) && setLocale(next)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </Stack>
      </ConfirmDialog>
    </>
  );
}
