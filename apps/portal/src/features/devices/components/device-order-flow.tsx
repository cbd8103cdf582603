import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DEVICE_RETURN_BUSINESS_DAYS } from '@mp/domain/constants';
import {
  deviceOrderBasketSchema,
  deviceOrderContactSchema,
  deviceRentalTermsSchema,
} from '@mp/domain/schemas/devices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time.tsx';
import { Money } from '../../../components/money.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import type { DeviceOrderOptions } from '../api/devices-api.ts';
import { useOrderDevices } from '../api/devices-api.ts';

interface Site {
  siteId: string;
  name: string;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    stateOrProvince: string | null;
    postalCode: string;
    country: string;
  };
}

type Basket = Record<string, { quantity: number; docks: number }>;

/** SPEC §8 "Order blocked by": the API's code for each blocker, as the domain's text key. */
const ORDER_BLOCKED: Record<string, string> = {
  ORDER_BLOCKED_ACCOUNT_DEACTIVATED: 'validation.deviceOrderAccountDeactivated',
  ORDER_BLOCKED_NO_DEAL: 'validation.deviceOrderNoDeal',
  ORDER_BLOCKED_DEAL_NOT_SIGNED: 'validation.deviceOrderDealNotSigned',
  ORDER_BLOCKED_NO_PAYMENT_METHOD: 'validation.deviceOrderNoPaymentMethod',
};

const firstError = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.filter((p) => typeof p === 'string').join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
};

/** SPEC §2.4 "Device order": basket, point of contact, confirmation with the terms checkbox. */
export function DeviceOrderFlow({
  merchantId,
  options,
  sites,
  onPlaced,
}: {
  merchantId: string;
  options: DeviceOrderOptions;
  sites: readonly Site[];
  onPlaced: (orderId: string) => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [basket, setBasket] = useState<Basket>(
    Object.fromEntries(options.models.map((m) => [m.model, { quantity: 0, docks: 0 }])),
  );
  const [contact, setContact] = useState({
    siteId: '',
    contactName: '',
    contactPhone: '',
    line1: '',
    line2: '',
    city: '',
    stateOrProvince: '',
    postalCode: '',
    country: 'GB',
  });
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const order = useOrderDevices(merchantId);
  // One order per opening of the flow: placing it again (a double click, a retry after a lost answer) is the
  // same order on the server.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const currency = options.dockPrice.currency;
  const lines = options.models.map((m) => ({
    model: m.model,
    quantity: basket[m.model]?.quantity ?? 0,
    docks: basket[m.model]?.docks ?? 0,
  }));
  const rental = options.models[0]?.monthlyRental?.amount ?? 0;
  const monthly = lines.reduce((sum, l) => sum + l.quantity * rental, 0);
  const outright = lines.reduce((sum, l) => sum + l.docks * options.dockPrice.amount, 0);
  const contactBody = () => ({
    ...(contact.siteId ? { siteId: contact.siteId } : {}),
    contactName: contact.contactName,
    contactPhone: contact.contactPhone,
    deliveryAddress: {
      line1: contact.line1,
      ...(contact.line2.trim() ? { line2: contact.line2 } : {}),
      city: contact.city,
      ...(contact.stateOrProvince.trim() ? { stateOrProvince: contact.stateOrProvince } : {}),
      postalCode: contact.postalCode,
      country: contact.country,
    },
  });
  const field = (name: keyof typeof contact, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={contact[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setContact((c) => ({ ...c, [name]: value }));
      }}
      error={
        (errors[name] ?? errors[`deliveryAddress.${name}`])
          ? t(errors[name] ?? errors[`deliveryAddress.${name}`] ?? '')
          : undefined
      }
      {...extra}
    />
  );

  const next = () => {
    const found =
      step === 0
        ? firstError(deviceOrderBasketSchema.safeParse({ lines }))
        : firstError(deviceOrderContactSchema.safeParse(contactBody()));
    setErrors(found);
    if (Object.keys(found).length === 0) setStep((s) => s + 1);
  };
  const place = () => {
    const terms = deviceRentalTermsSchema.safeParse(agreed);
    if (!terms.success) {
      setErrors({ termsAgreed: terms.error.issues[0]?.message ?? 'validation.termsNotAgreed' });
      return;
    }
    setErrors({});
    order.mutate(
      { body: { lines, ...contactBody(), termsAgreed: true }, idempotencyKey },
      { onSuccess: (placed) => onPlaced(placed.orderId) },
    );
  };
  const orderError = order.error
    ? t(apiErrorKey(order.error, 'validation.deviceOrderFailed', ORDER_BLOCKED))
    : null;

  return (
    <Stack gap="lg">
      <Stepper active={step} onStepClick={(s) => s < step && setStep(s)} size="sm">
        <Stepper.Step label={t('devices.order.basket')}>
          <Stack gap="md" pt="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {options.models.map((m) => (
                <Card key={m.model} withBorder padding="md">
                  <Stack gap="xs">
                    <Title order={3} size="h4">
                      {t(`devices.models.${m.model}`)}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {t('devices.order.specs', { weight: m.weightGrams, screen: m.screenInches })}
                    </Text>
                    {m.monthlyRental && (
                      <Text size="sm">
                        <Money value={m.monthlyRental} /> {t('devices.order.perMonth')}
                      </Text>
                    )}
                    <NumberInput
                      label={t('devices.order.quantity')}
                      min={0}
                      max={50}
                      allowDecimal={false}
                      value={basket[m.model]?.quantity ?? 0}
                      onChange={(v) =>
                        setBasket((b) => ({
                          ...b,
                          [m.model]: { quantity: Number(v) || 0, docks: b[m.model]?.docks ?? 0 },
                        }))
                      }
                    />
                    <NumberInput
                      label={t('devices.order.docks')}
                      description={
                        <>
                          {t('devices.order.dockPrice')} <Money value={options.dockPrice} />
                        </>
                      }
                      min={0}
                      max={50}
                      allowDecimal={false}
                      value={basket[m.model]?.docks ?? 0}
                      onChange={(v) =>
                        setBasket((b) => ({
                          ...b,
                          [m.model]: { quantity: b[m.model]?.quantity ?? 0, docks: Number(v) || 0 },
                        }))
                      }
                    />
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
            {errors.lines && (
              <Alert color="red" variant="light" role="alert">
                {t(errors.lines)}
              </Alert>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('devices.order.contact')}>
          <Stack gap="md" pt="md" maw={640}>
            <Select
              label={t('devices.order.prefillFrom')}
              placeholder={t('devices.order.chooseSite')}
              clearable
              data={sites.map((s) => ({ value: s.siteId, label: s.name }))}
              value={contact.siteId || null}
              onChange={(siteId) => {
                const site = sites.find((s) => s.siteId === siteId);
                setContact((c) => ({
                  ...c,
                  siteId: siteId ?? '',
                  ...(site
                    ? {
                        line1: site.address.line1,
                        line2: site.address.line2 ?? '',
                        city: site.address.city,
                        stateOrProvince: site.address.stateOrProvince ?? '',
                        postalCode: site.address.postalCode,
                        country: site.address.country,
                      }
                    : {}),
                }));
              }}
            />
            {field('contactName', t('devices.order.contactName'), { required: true })}
            {field('contactPhone', t('devices.order.contactPhone'), {
              required: true,
              type: 'tel',
              placeholder: '+44 20 7946 0958',
            })}
            {field('line1', t('sites.form.line1'), { required: true })}
            {field('line2', t('sites.form.line2'))}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {field('city', t('sites.form.city'), { required: true })}
              {field('postalCode', t('sites.form.postalCode'), { required: true })}
              {field('stateOrProvince', t('sites.form.stateOrProvince'))}
              {field('country', t('sites.form.country'), { required: true, maxLength: 2 })}
            </SimpleGrid>
            <Text size="sm">
              {t('devices.order.delivery')}{' '}
              <DateTime value={`${options.firstDeliveryDate}T12:00:00Z`} format="date" />
            </Text>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('devices.order.confirm')}>
          <Stack gap="md" pt="md" maw={640}>
            {lines
              .filter((l) => l.quantity > 0 || l.docks > 0)
              .map((l) => (
                <Text key={l.model} size="sm">
                  {t('devices.order.line', {
                    quantity: l.quantity,
                    model: t(`devices.models.${l.model}`),
                    docks: l.docks,
                  })}
                </Text>
              ))}
            <Text size="sm">
              {t('devices.order.monthlyTotal')} <Money value={{ amount: monthly, currency }} /> ·{' '}
              {t('devices.order.outrightTotal')} <Money value={{ amount: outright, currency }} />
            </Text>
            <Text size="sm" c="dimmed">
              {t('devices.order.terms', { days: DEVICE_RETURN_BUSINESS_DAYS })}
            </Text>
            <Checkbox
              label={t('devices.order.agree')}
              checked={agreed}
              onChange={(e) => setAgreed(e.currentTarget.checked)}
              error={
                (errors.termsAgreed ?? errors.form) ? t(errors.termsAgreed ?? errors.form ?? '') : undefined
              }
            />
            {orderError && (
              <Alert color="red" variant="light" role="alert">
                {orderError}
              </Alert>
            )}
          </Stack>
        </Stepper.Step>
      </Stepper>
      <Group justify="flex-end" wrap="wrap">
        {step > 0 && (
          <Button variant="default" onClick={() => setStep((s) => s - 1)}>
            {t('devices.order.back')}
          </Button>
        )}
        {step < 2 ? (
          <Button onClick={next}>{t('devices.order.next')}</Button>
        ) : (
          <Button onClick={place} loading={order.isPending}>
            {t('devices.order.place')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
