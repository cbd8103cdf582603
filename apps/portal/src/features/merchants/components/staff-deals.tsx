import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { RATE_PERCENT_MAX_DECIMALS } from '@mp/domain/constants';
import { SETTLEMENT_TYPES, type SettlementType } from '@mp/domain/enums';
import { parseMoneyInput } from '@mp/domain/money';
import { DEAL_CURRENCIES } from '@mp/domain/schemas/deals';
import { ratePercentInputSchema } from '@mp/domain/schemas/settings';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { ApiError } from '../../../lib/api/api-error.ts';
import { formatCalendarDay } from '../../../lib/format/dates.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { type NewDeal, type StaffDeal, useCreateDeal, useDeals, useUpdateDeal } from '../api/deals.ts';

const PERCENTS = [
  'domesticPercent',
  'eeaPercent',
  'globalPercent',
  'amexPercent',
  'otherPercent',
  'tapToPayPercent',
] as const;

/** The form as typed (in the staff member's locale); turned into the POST body on submit. */
type DealForm = Record<(typeof PERCENTS)[number], string> & {
  name: string;
  currency: string;
  fixedFee: string;
  deviceRentalMonthly: string;
  settlementType: SettlementType;
  contractMonths: string;
  validUntil: string;
  feeDescription: string;
  feeAmount: string;
  discountDescription: string;
  discountPercent: string;
  discountMonths: string;
};

const EMPTY: DealForm = {
  name: '',
  currency: 'GBP',
  domesticPercent: '',
  eeaPercent: '',
  globalPercent: '',
  amexPercent: '',
  otherPercent: '',
  tapToPayPercent: '',
  fixedFee: '0',
  deviceRentalMonthly: '',
  settlementType: 'net',
  contractMonths: '',
  validUntil: '',
  feeDescription: '',
  feeAmount: '',
  discountDescription: '',
  discountPercent: '',
  discountMonths: '',
};

/** Where an API field (`monthlyFees.0.amount`) sits in the form. */
const FORM_FIELD: Record<string, Path<DealForm>> = {
  'monthlyFees.0.description': 'feeDescription',
  'monthlyFees.0.amount': 'feeAmount',
  'discounts.0.description': 'discountDescription',
  'discounts.0.percent': 'discountPercent',
  'discounts.0.durationMonths': 'discountMonths',
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Staff's deals (issue 13, decision 0079), on Company › Manage companies: the list with each deal's state, a form
 * to make one (its link is `/onboarding?deal=<reference>`), withdraw and extend. The API answers staff only.
 */
export function StaffDeals() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const deals = useDeals();
  const update = useUpdateDeal();
  const [creating, setCreating] = useState(false);
  const [withdrawing, setWithdrawing] = useState<StaffDeal | null>(null);
  const [extending, setExtending] = useState<StaffDeal | null>(null);
  const [newLastDay, setNewLastDay] = useState('');
  const percent = (value: number) =>
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(value / 100);

  const columns: DataTableColumn<StaffDeal>[] = [
    {
      accessor: 'reference',
      title: t('access.deals.columns.reference'),
      render: (deal) => (
        <Stack gap={0}>
          <Text ff="monospace" fw={600}>
            {deal.reference}
          </Text>
          <Text size="sm">{deal.name}</Text>
        </Stack>
      ),
    },
    {
      accessor: 'domesticPercent',
      title: t('access.deals.columns.pricing'),
      render: (deal) => (
        <Text size="sm">
          {t('access.deals.pricingSummary', {
            domestic: percent(deal.domesticPercent),
            rental: formatMoney({ amount: deal.deviceRentalMonthly, currency: deal.currency }, locale),
          })}
        </Text>
      ),
    },
    {
      accessor: 'validUntil',
      title: t('access.deals.columns.validUntil'),
      render: (deal) => formatCalendarDay(deal.validUntil, locale),
    },
    {
      // State and its actions in one column: at 375 px a column of their own falls out of view.
      accessor: 'state',
      title: t('access.deals.columns.state'),
      render: (deal) => (
        <Stack gap="xs" align="flex-start">
          <Badge
            variant="dot"
            tt="none"
            miw="max-content"
            color={deal.state === 'active' ? 'green' : deal.state === 'expired' ? 'yellow' : 'gray'}
          >
            {t(`access.deals.states.${deal.state}`)}
          </Badge>
          {deal.status === 'active' && (
            <Group gap="xs" wrap="wrap">
              <Button
                size="xs"
                variant="light"
                aria-label={t('access.deals.extendDeal', { reference: deal.reference })}
                onClick={() => {
                  setNewLastDay(deal.validUntil < today() ? today() : deal.validUntil);
                  setExtending(deal);
                }}
              >
                {t('access.deals.extend')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                aria-label={t('access.deals.withdrawDeal', { reference: deal.reference })}
                onClick={() => setWithdrawing(deal)}
              >
                {t('access.deals.withdraw')}
              </Button>
            </Group>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack component="section" gap="sm" aria-labelledby="staff-deals-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id="staff-deals-title">
          {t('access.deals.title')}
        </Title>
        {!creating && <Button onClick={() => setCreating(true)}>{t('access.deals.new')}</Button>}
      </Group>
      <Text c="dimmed">{t('access.deals.description')}</Text>
      {creating && <NewDealForm onDone={() => setCreating(false)} />}
      <DataTable
        label={t('access.deals.title')}
        columns={columns}
        records={deals.data}
        idAccessor="reference"
        loading={deals.isPending}
        error={deals.error}
        onRetry={() => void deals.refetch()}
        empty={{ text: t('access.deals.empty') }}
      />
      <ConfirmDialog
        opened={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        title={t('access.deals.withdrawTitle', { reference: withdrawing?.reference ?? '' })}
        confirmLabel={t('access.deals.withdraw')}
        danger
        onConfirm={async () => {
          if (!withdrawing) return;
          await update.mutateAsync({ reference: withdrawing.reference, change: { status: 'withdrawn' } });
          setWithdrawing(null);
        }}
        footer={
          update.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('access.deals.failed')}
            </Alert>
          )
        }
      >
        {t('access.deals.withdrawText')}
      </ConfirmDialog>
      <ConfirmDialog
        opened={extending !== null}
        onClose={() => setExtending(null)}
        title={t('access.deals.extendTitle', { reference: extending?.reference ?? '' })}
        confirmLabel={t('access.deals.extend')}
        onConfirm={async () => {
          if (!extending) return;
          await update.mutateAsync({ reference: extending.reference, change: { validUntil: newLastDay } });
          setExtending(null);
        }}
        footer={
          <Stack gap="xs">
            <TextInput
              type="date"
              label={t('access.deals.fields.validUntil')}
              min={today()}
              value={newLastDay}
              onChange={(event) => setNewLastDay(event.currentTarget.value)}
            />
            {update.isError && (
              <Alert color="red" variant="light" role="alert">
                {errorText(update.error, t)}
              </Alert>
            )}
          </Stack>
        }
      />
    </Stack>
  );
}

function errorText(error: unknown, t: (key: string) => string): string {
  const rule = error instanceof ApiError ? error.details[0]?.rule : undefined;
  return rule ? t(rule) : t('access.deals.failed');
}

function NewDealForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const create = useCreateDeal();
  const form = useForm<DealForm>({ defaultValues: EMPTY });
  const { errors } = form.formState;
  const errorOf = (field: Path<DealForm>) => {
    const key = errors[field]?.message;
    return key ? t(key) : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    const issues: [Path<DealForm>, string][] = [];
    const percentRule = ratePercentInputSchema(locale);
    const percentOf = (field: Path<DealForm>) => {
      const parsed = percentRule.safeParse(values[field]);
      if (parsed.success) return parsed.data;
      issues.push([field, parsed.error.issues[0]?.message ?? 'validation.ratePercentInvalid']);
      return 0;
    };
    const amountOf = (field: Path<DealForm>) => {
      const parsed = parseMoneyInput(values[field], locale, values.currency);
      if (parsed.ok && parsed.amount >= 0) return parsed.amount;
      issues.push([
        field,
        parsed.ok || parsed.reason !== 'empty' ? 'validation.amountInvalid' : 'validation.required',
      ]);
      return 0;
    };
    const monthsOf = (text: string) => (text.trim() === '' ? null : Number(text));
    const body: NewDeal = {
      name: values.name,
      currency: values.currency as NewDeal['currency'],
      domesticPercent: percentOf('domesticPercent'),
      eeaPercent: percentOf('eeaPercent'),
      globalPercent: percentOf('globalPercent'),
      amexPercent: percentOf('amexPercent'),
      otherPercent: percentOf('otherPercent'),
      tapToPayPercent: percentOf('tapToPayPercent'),
      fixedFee: amountOf('fixedFee'),
      deviceRentalMonthly: amountOf('deviceRentalMonthly'),
      settlementType: values.settlementType,
      contractMonths: monthsOf(values.contractMonths),
      validUntil: values.validUntil,
      monthlyFees: values.feeDescription.trim()
        ? [{ description: values.feeDescription, amount: amountOf('feeAmount') }]
        : [],
      discounts: values.discountDescription.trim()
        ? [
            {
              description: values.discountDescription,
              percent: percentOf('discountPercent'),
              durationMonths: monthsOf(values.discountMonths),
            },
          ]
        : [],
    };
    for (const [field, message] of issues) form.setError(field, { message });
    if (issues.length > 0) return;
    try {
      await create.mutateAsync(body);
      form.reset(EMPTY);
      onDone();
    } catch (error) {
      // The API's 400 names each field; shown under it.
      if (error instanceof ApiError)
        for (const detail of error.details) {
          const field = (FORM_FIELD[detail.field] ?? detail.field) as Path<DealForm>;
          if (field in EMPTY) form.setError(field, { message: detail.rule });
        }
    }
  });

  const text = (field: Path<DealForm>, label: string, props: object = {}) => (
    <TextInput key={field} label={label} error={errorOf(field)} {...props} {...form.register(field)} />
  );
  const percentLabel = (key: string) => `${t(key)} (%)`;

  return (
    <Card withBorder padding="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Title order={3} size="h4">
            {t('access.deals.new')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('name', t('access.deals.fields.name'), { required: true })}
            <NativeSelect
              label={t('access.deals.fields.currency')}
              data={[...DEAL_CURRENCIES]}
              error={errorOf('currency')}
              {...form.register('currency')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {PERCENTS.map((field) =>
              text(field, percentLabel(`access.deals.fields.${field}`), {
                inputMode: 'decimal',
                required: true,
                description: t('access.deals.percentHint', { decimals: RATE_PERCENT_MAX_DECIMALS }),
              }),
            )}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {text('fixedFee', t('access.deals.fields.fixedFee'), { inputMode: 'decimal' })}
            {text('deviceRentalMonthly', t('access.deals.fields.deviceRentalMonthly'), {
              inputMode: 'decimal',
              required: true,
            })}
            <NativeSelect
              label={t('access.deals.fields.settlementType')}
              data={SETTLEMENT_TYPES.map((value) => ({
                value,
                label: t(`onboarding.deal.settlementTypes.${value}`),
              }))}
              {...form.register('settlementType')}
            />
            {text('contractMonths', t('access.deals.fields.contractMonths'), { inputMode: 'numeric' })}
            {text('validUntil', t('access.deals.fields.validUntil'), {
              type: 'date',
              required: true,
              min: today(),
            })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('feeDescription', t('access.deals.fields.feeDescription'))}
            {text('feeAmount', t('access.deals.fields.feeAmount'), { inputMode: 'decimal' })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('discountDescription', t('access.deals.fields.discountDescription'))}
            {text('discountPercent', percentLabel('access.deals.fields.discountPercent'), {
              inputMode: 'decimal',
            })}
            {text('discountMonths', t('access.deals.fields.discountMonths'), { inputMode: 'numeric' })}
          </SimpleGrid>
          {create.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorText(create.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              {t('access.deals.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('access.deals.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
