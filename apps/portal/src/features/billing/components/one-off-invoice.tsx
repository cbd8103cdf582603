import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { ONE_OFF_INVOICE_MAX_LINES, oneOffInvoiceSchema } from '@mp/domain/schemas/billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications/notify.ts';
import { useRaiseOneOffInvoice } from '../api/invoices.ts';

interface Line {
  key: number;
  description: string;
  /** In major units as typed (e.g. 49.99); sent as minor units. */
  amount: number | string;
}

const toMinor = (amount: number | string) =>
  typeof amount === 'number' ? Math.round(amount * 100) : amount === '' ? undefined : Number.NaN;

/**
 * Staff, on the staff company page: raise a one-off invoice (decision 0091) — lines of description and amount
 * before VAT in the merchant's currency. The shared domain schema checks it as the API will; each message shows
 * under its field. The API adds VAT by country, numbers it, queues its collection and audits it.
 */
export function OneOffInvoiceForm({ merchantId, currency }: { merchantId: string; currency: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [lines, setLines] = useState<Line[]>([{ key: 0, description: '', amount: '' }]);
  const [nextKey, setNextKey] = useState(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const raise = useRaiseOneOffInvoice(merchantId);
  // One invoice per opening: raising it again after an error is the same invoice on the server.
  const [idempotencyKey, setIdempotencyKey] = useState('');

  const close = () => {
    setOpened(false);
    setLines([{ key: 0, description: '', amount: '' }]);
    setErrors({});
    raise.reset();
  };
  const update = (key: number, change: Partial<Line>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const submit = () => {
    const body = {
      lines: lines.map((line) => ({ description: line.description, amount: toMinor(line.amount) })),
    };
    const parsed = oneOffInvoiceSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.');
        found[field] ??= t(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    raise.mutate(
      { body: parsed.data, idempotencyKey },
      {
        onSuccess: (invoice) => {
          notify(t('billing.oneOff.raised', { number: invoice.number }));
          close();
        },
      },
    );
  };

  return (
    <Fieldset legend={t('billing.oneOff.legend')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('billing.oneOff.hint')}</Text>
        <Button
          variant="default"
          onClick={() => {
            setIdempotencyKey(crypto.randomUUID());
            setOpened(true);
          }}
        >
          {t('billing.oneOff.open')}
        </Button>
      </Stack>
      <Modal opened={opened} onClose={close} title={t('billing.oneOff.title')} size="lg">
        <Stack gap="sm">
          {raise.error && (
            <Alert color="red" variant="light" role="alert">
              {t('billing.oneOff.failed')}
            </Alert>
          )}
          {errors.lines && (
            <Text size="sm" c="red" role="alert">
              {errors.lines}
            </Text>
          )}
          {lines.map((line, index) => (
            <Group key={line.key} align="flex-start" wrap="wrap" gap="xs">
              <TextInput
                style={{ flex: '1 1 14rem' }}
                label={t('billing.oneOff.description')}
                value={line.description}
                maxLength={200}
                onChange={(event) => update(line.key, { description: event.currentTarget.value })}
                error={errors[`lines.${index}.description`]}
              />
              <NumberInput
                style={{ flex: '0 1 10rem' }}
                label={t('billing.oneOff.amount', { currency })}
                value={line.amount}
                min={0}
                decimalScale={2}
                thousandSeparator=","
                onChange={(value) => update(line.key, { amount: value })}
                error={errors[`lines.${index}.amount`]}
              />
              {lines.length > 1 && (
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  aria-label={t('billing.oneOff.removeLine', { index: index + 1 })}
                  onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
                >
                  ×
                </ActionIcon>
              )}
            </Group>
          ))}
          <Group justify="space-between" wrap="wrap">
            <Button
              variant="subtle"
              disabled={lines.length >= ONE_OFF_INVOICE_MAX_LINES}
              onClick={() => {
                setLines((current) => [...current, { key: nextKey, description: '', amount: '' }]);
                setNextKey(nextKey + 1);
              }}
            >
              {t('billing.oneOff.addLine')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={close}>
                {t('billing.oneOff.cancel')}
              </Button>
              <Button loading={raise.isPending} onClick={submit}>
                {t('billing.oneOff.submit')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Modal>
    </Fieldset>
  );
}
