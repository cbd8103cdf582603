import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { requiredText } from '@mp/domain/schemas/common';
import { registrationNumberSchema, vatNumberSchema } from '@mp/domain/schemas/company';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import type { Merchant } from '../../../lib/api/types.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { type CompanyDetailsUpdate, useUpdateCompanyDetails } from '../api/update-company-details.ts';

/** SPEC §5 company rules from the domain package; empty optional fields are left out of the call. */
function companyDetailsSchema(country: string) {
  const optional = (schema: z.ZodType<string, string>) =>
    z.union([z.literal('').transform(() => undefined), schema]);
  return z.object({
    legalEntityName: requiredText(200),
    registrationNumber: optional(registrationNumberSchema(country)),
    vatNumber: optional(vatNumberSchema(country)),
    industry: z.string().trim().max(100, { error: 'validation.tooLong' }),
  });
}

interface FormValues {
  legalEntityName: string;
  registrationNumber: string;
  vatNumber: string;
  industry: string;
}

/** PUT /v1/merchants/{id}: company details (Company:UpdateDetails; disabled with the reason otherwise). */
export function CompanyDetailsForm({ merchant, canUpdate }: { merchant: Merchant; canUpdate: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateCompanyDetails(merchant.merchantId);
  // Made once per country, not on every render (the schema with its VAT and registration rules).
  const resolver = useMemo(() => zodResolver(companyDetailsSchema(merchant.country)), [merchant.country]);
  const form = useForm<FormValues, unknown, CompanyDetailsUpdate>({
    resolver: resolver as never,
    mode: 'onTouched',
    defaultValues: {
      legalEntityName: merchant.legalEntityName,
      registrationNumber: '',
      vatNumber: '',
      industry: '',
    },
  });
  const { errors, isValid } = form.formState;
  const messageOf = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) =>
        update.mutate(
          { ...body, industry: body.industry || undefined },
          { onSuccess: () => notify(t('access.companySettings.detailsSaved')) },
        ),
      )}
    >
      <Stack gap="sm" maw={560}>
        {!canUpdate && (
          <Alert color="gray" variant="light">
            {t('access.companySettings.noUpdatePermission')}
          </Alert>
        )}
        {update.error && (
          <Alert color="red" variant="light" role="alert">
            {t(apiErrorKey(update.error, 'errors.generic'))}
          </Alert>
        )}
        <fieldset disabled={!canUpdate} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <TextInput
              label={t('access.companySettings.legalEntityName')}
              required
              error={messageOf(errors.legalEntityName?.message)}
              {...form.register('legalEntityName')}
            />
            <TextInput
              label={t('access.companySettings.registrationNumber')}
              error={messageOf(errors.registrationNumber?.message)}
              {...form.register('registrationNumber')}
            />
            <TextInput
              label={t('access.companySettings.vatNumber')}
              error={messageOf(errors.vatNumber?.message)}
              {...form.register('vatNumber')}
            />
            <TextInput
              label={t('access.companySettings.industry')}
              error={messageOf(errors.industry?.message)}
              {...form.register('industry')}
            />
            <Button
              type="submit"
              w="fit-content"
              disabled={!canUpdate || !isValid || update.isPending}
              loading={update.isPending}
            >
              {t('access.save')}
            </Button>
          </Stack>
        </fieldset>
      </Stack>
    </form>
  );
}
