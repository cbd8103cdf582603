import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type CreateEodReportInput, createEodReportSchema } from '@mp/domain/schemas/eod-report';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRuleKey, formErrorKey, isApiError } from '../../../lib/api/api-error.ts';

/** The fields of the form, by the names the API gives them. */
const FIELDS = new Set(['siteId', 'tradingDay']);

interface EodReportRequestFormProps {
  /** The form's accessible name (its heading). */
  label: string;
  sites: readonly { siteId: string; name: string; displayName?: string | null }[];
  onSubmit(input: CreateEodReportInput): void;
  isLoading: boolean;
  error: unknown;
}

/** Make (or remake) one site's end-of-day report for a closed trading day. */
export function EodReportRequestForm({
  label,
  sites,
  onSubmit,
  isLoading,
  error,
}: EodReportRequestFormProps) {
  const { t } = useTranslation();
  const [siteId, setSiteId] = useState<string | null>(null);
  const [tradingDay, setTradingDay] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  const server: Record<string, string> = {};
  if (isApiError(error))
    for (const detail of error.details) server[detail.field] ??= fieldRuleKey(detail.rule);
  const errorOf = (field: string) => {
    const key = local[field] ?? server[field];
    return key ? t(key, { defaultValue: key }) : undefined;
  };
  const generalKey = formErrorKey(error, (field) => FIELDS.has(field));
  const generalError = generalKey ? t(generalKey) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createEodReportSchema.safeParse({ siteId: siteId ?? undefined, tradingDay });
    if (!parsed.success) {
      setLocal(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setLocal({});
    onSubmit(parsed.data);
  };

  return (
    <form noValidate onSubmit={submit} aria-label={label}>
      <Stack gap="sm">
        {generalError && (
          <Alert color="red" variant="light" role="alert">
            {generalError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('eodReports.form.site')}
            data={sites.map((site) => ({ value: site.siteId, label: site.displayName ?? site.name }))}
            value={siteId}
            onChange={setSiteId}
            required
            error={errorOf('siteId')}
          />
          <TextInput
            type="date"
            label={t('eodReports.form.day')}
            description={t('eodReports.form.dayHint')}
            value={tradingDay}
            onChange={(event) => setTradingDay(event.currentTarget.value)}
            required
            error={errorOf('tradingDay')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isLoading}>
            {t('eodReports.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
