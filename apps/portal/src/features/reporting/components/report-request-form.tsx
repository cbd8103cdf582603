import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { CreateReportInput } from '@mp/domain/schemas/report';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldRuleKey, formErrorKey, isApiError } from '../../../lib/api/api-error.ts';
import type { ReportSite } from '../api/list-report-sites.ts';
import {
  EMPTY_REPORT_FORM,
  type ReportFormValues,
  reportFieldOf,
  reportFormResolver,
  toReportInput,
} from '../report-form-values.ts';

interface ReportRequestFormProps {
  sites: readonly ReportSite[];
  onSubmit(input: CreateReportInput): void;
  isLoading: boolean;
  error: unknown;
}

/** Request a report (SPEC §3 Report, §5): type, one site or all, and dates or PSP references. */
export function ReportRequestForm({ sites, onSubmit, isLoading, error }: ReportRequestFormProps) {
  const { t } = useTranslation();
  const form = useForm<ReportFormValues>({
    resolver: reportFormResolver,
    mode: 'onTouched',
    defaultValues: EMPTY_REPORT_FORM,
  });
  const { errors } = form.formState;
  const dataType = form.watch('dataType');
  const by = form.watch('by');
  const byReferences = dataType === 'transactions' && by === 'references';

  // The API's field errors land on their fields.
  useEffect(() => {
    if (!isApiError(error)) return;
    for (const detail of error.details) {
      const field = reportFieldOf(detail.field);
      if (field) form.setError(field, { type: 'server', message: fieldRuleKey(detail.rule) });
    }
  }, [error, form]);

  const messageOf = (key: string | undefined) => (key ? t(key, { defaultValue: key }) : undefined);
  const generalKey = formErrorKey(error, (field) => reportFieldOf(field) !== undefined);
  const generalError = generalKey ? t(generalKey) : null;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(toReportInput(values)))}>
      <Stack gap="sm">
        {generalError && (
          <Alert color="red" variant="light" role="alert">
            {generalError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="dataType"
            render={({ field }) => (
              <Select
                label={t('reports.form.type')}
                data={[
                  { value: 'transactions', label: t('reports.types.transactions') },
                  { value: 'payouts', label: t('reports.types.payouts') },
                ]}
                allowDeselect={false}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'transactions')}
                error={messageOf(errors.dataType?.message)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="siteId"
            render={({ field }) => (
              <Select
                label={t('reports.form.site')}
                data={[
                  { value: '', label: t('reports.form.allSites') },
                  ...sites.map((site) => ({ value: site.siteId, label: site.displayName ?? site.name })),
                ]}
                allowDeselect={false}
                value={field.value}
                onChange={(value) => field.onChange(value ?? '')}
                error={messageOf(errors.siteId?.message)}
              />
            )}
          />
        </SimpleGrid>
        {dataType === 'transactions' && (
          <Controller
            control={form.control}
            name="by"
            render={({ field }) => (
              <SegmentedControl
                aria-label={t('reports.form.by')}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                data={[
                  { value: 'dates', label: t('reports.form.byDates') },
                  { value: 'references', label: t('reports.form.byReferences') },
                ]}
              />
            )}
          />
        )}
        {byReferences ? (
          <Textarea
            label={t('reports.form.pspReferences')}
            description={t('reports.form.pspReferencesHint')}
            autosize
            minRows={2}
            error={messageOf(errors.pspReferences?.message)}
            {...form.register('pspReferences')}
          />
        ) : (
          <Stack gap={4}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="date"
                label={t('reports.form.from')}
                error={messageOf(errors.from?.message)}
                {...form.register('from')}
              />
              <TextInput
                type="date"
                label={t('reports.form.to')}
                error={messageOf(errors.to?.message)}
                {...form.register('to')}
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {dataType === 'payouts' ? t('reports.form.payoutsRange') : t('reports.form.transactionsRange')}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={isLoading}>
            {t('reports.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
