import { Alert, Button, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Locale } from '@mp/domain/locales';
import { formatMoneyInput } from '@mp/domain/money';
import { refundAmountInputSchema } from '@mp/domain/schemas/refund';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api/api-error.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { useRefundTransaction } from '../api/refund-transaction.ts';

interface RefundButtonProps {
  merchantId: string;
  transactionId: string;
  /** Minor units still refundable; the amount is prefilled with it. */
  refundable: number;
  currency: string;
}

/** The SPEC §8 message for a failed refund: the PSP refused, or anything else went wrong. */
function refundErrorKey(error: unknown): string {
  if (isApiError(error, 422) && error.code === 'REFUND_REFUSED') return 'transactions.refund.refused';
  if (isApiError(error, 400) && error.details[0]?.field === 'amount') return error.details[0].rule;
  return 'transactions.refund.failed';
}

/**
 * Refund dialog (issue 11 §3): full or partial amount, prefilled with what is left, checked with the domain's
 * SPEC §5 rule as typed; one Idempotency-Key per opening so a double submit cannot refund twice.
 */
export function RefundButton({ merchantId, transactionId, refundable, currency }: RefundButtonProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [opened, { open, close }] = useDisclosure(false);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [key, setKey] = useState('');
  const refund = useRefundTransaction(merchantId, transactionId);

  const parsed = refundAmountInputSchema(refundable, locale, currency).safeParse(text);
  const error = parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'validation.invalid');

  const start = () => {
    setText(formatMoneyInput(refundable, locale, currency));
    setTouched(false);
    setKey(crypto.randomUUID());
    refund.reset();
    open();
  };
  const submit = async () => {
    setTouched(true);
    if (!parsed.success) return;
    try {
      await refund.mutateAsync({ amount: parsed.data, idempotencyKey: key });
      close();
      notify(
        t('transactions.refund.done', { amount: formatMoney({ amount: parsed.data, currency }, locale) }),
      );
    } catch {
      // Shown in the dialog (refund.error).
    }
  };

  return (
    <>
      <Button variant="light" color="red" onClick={start} disabled={refundable <= 0}>
        {t('transactions.refund.open')}
      </Button>
      <ConfirmDialog
        opened={opened}
        onClose={close}
        onConfirm={submit}
        title={t('transactions.refund.title')}
        confirmLabel={t('transactions.refund.confirm')}
        danger
        loading={refund.isPending}
        footer={
          refund.error && (
            <Alert color="red" variant="light" role="alert">
              {t(refundErrorKey(refund.error))}
            </Alert>
          )
        }
      >
        <TextInput
          label={t('transactions.refund.amount', { currency })}
          description={t('transactions.refund.remaining', {
            amount: formatMoney({ amount: refundable, currency }, locale),
          })}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && error ? t(error) : undefined}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
        />
      </ConfirmDialog>
    </>
  );
}
