import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { SiteInput } from '@mp/domain/schemas/site';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldRuleKey, formErrorKey, isApiError } from '../../../lib/api/api-error.ts';
import { formFieldOf, type SiteFormValues, siteFormResolver } from '../site-form-values.ts';

interface SiteFormProps {
  kind: 'create' | 'edit';
  defaultValues: SiteFormValues;
  /** The cleaned site (SPEC §5), as the domain schema makes it of the values. */
  onSubmit: (input: SiteInput) => void;
  isLoading: boolean;
  error: unknown;
  submitLabel: string;
}

/** New and edit site (SPEC §3 Site, §5 Sites): the name is read-only once the site exists. */
export function SiteForm({ kind, defaultValues, onSubmit, isLoading, error, submitLabel }: SiteFormProps) {
  const { t } = useTranslation();
  const form = useForm<SiteFormValues, unknown, SiteInput>({
    resolver: siteFormResolver(kind),
    mode: 'onTouched',
    defaultValues,
  });
  const { errors } = form.formState;

  // The API's field errors (e.g. a name already in use, also when two people race) land on their fields.
  useEffect(() => {
    if (!isApiError(error)) return;
    for (const detail of error.details) {
      const field = formFieldOf(detail.field);
      if (field) form.setError(field, { type: 'server', message: fieldRuleKey(detail.rule) });
    }
  }, [error, form]);

  const messageOf = (key: string | undefined) =>
    key ? t(key, { siteName: form.getValues('name'), defaultValue: key }) : undefined;
  const generalKey = formErrorKey(error, (field) => formFieldOf(field) !== undefined);
  const generalError = generalKey ? t(generalKey) : null;
  const text = (name: keyof SiteFormValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} error={messageOf(errors[name]?.message)} {...extra} {...form.register(name)} />
  );

  return (
    <form noValidate onSubmit={form.handleSubmit((input) => onSubmit(input))}>
      <Stack gap="md" maw={640}>
        {generalError && (
          <Alert color="red" variant="light" role="alert">
            {generalError}
          </Alert>
        )}
        {text('name', t('sites.form.name'), {
          required: kind === 'create',
          readOnly: kind === 'edit',
          variant: kind === 'edit' ? 'filled' : 'default',
          description: kind === 'edit' ? t('sites.form.nameReadOnly') : t('sites.form.nameHint'),
        })}
        {text('displayName', t('sites.form.displayName'))}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('shortCode', t('sites.form.shortCode'), { description: t('sites.form.shortCodeHint') })}
          {text('settlementWindow', t('sites.form.settlementWindow'), { type: 'time', required: true })}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('sites.form.settlementWindowHelp')}
        </Text>
        {text('payByLinkTermsUrl', t('sites.form.payByLinkTermsUrl'), {
          type: 'url',
          placeholder: 'https://',
        })}
        <Text fw={600}>{t('sites.form.address')}</Text>
        {text('line1', t('sites.form.line1'), { required: true })}
        {text('line2', t('sites.form.line2'))}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('city', t('sites.form.city'), { required: true })}
          {text('stateOrProvince', t('sites.form.stateOrProvince'))}
          {text('postalCode', t('sites.form.postalCode'), { required: true })}
          {text('country', t('sites.form.country'), { required: true, maxLength: 2 })}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isLoading}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
