import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { COMPANY_COUNTRIES } from '@mp/domain/schemas/company';
import {
  type CompanyDetails,
  companyCrossFieldSchema,
  companyDetailsSchema,
} from '@mp/domain/schemas/onboarding';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/api-error.ts';
import { useIndustries } from '../api/list-industries.ts';
import { useValidateIndustry } from '../api/validate-industry.ts';
import { useCountryOptions } from './country-options.ts';

export type CompanyFormValues = {
  entityType: 'company' | 'sole-trader';
  country: string;
  legalEntityName: string;
  registrationNumber: string;
  vatNumber: string;
  industry: string;
  phone: string;
};

export const EMPTY_COMPANY: CompanyFormValues = {
  entityType: 'company',
  country: '',
  legalEntityName: '',
  registrationNumber: '',
  vatNumber: '',
  industry: '',
  phone: '',
};

const fieldsResolver = zodResolver(companyDetailsSchema) as unknown as Resolver<CompanyFormValues>;

/**
 * The step's schema, plus its cross-field rules even while another field is still wrong (zod runs an object's
 * refinements only once every field passed), so a bad registration number shows as soon as it is left.
 */
const companyResolver: Resolver<CompanyFormValues> = async (values, context, options) => {
  const result = await fieldsResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const cross = companyCrossFieldSchema.safeParse(values);
  const errors: Record<string, unknown> = { ...result.errors };
  for (const issue of cross.error?.issues ?? []) {
    const name = String(issue.path[0]);
    if (!errors[name]) errors[name] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as typeof result.errors };
};

interface CompanyStepProps {
  defaultValues: CompanyFormValues;
  onSubmit: (company: CompanyDetails) => void;
  isSaving: boolean;
}

/** Step 1 (SPEC §2.4, §5): company or sole trader, country, legal name, registration and VAT numbers, industry, phone. */
export function CompanyStep({ defaultValues, onSubmit, isSaving }: CompanyStepProps) {
  const { t } = useTranslation();
  const industries = useIndustries();
  const check = useValidateIndustry();
  const countries = useCountryOptions(COMPANY_COUNTRIES);
  const form = useForm<CompanyFormValues>({
    resolver: companyResolver,
    mode: 'onTouched',
    defaultValues,
  });
  const { errors, isSubmitted, isValid } = form.formState;
  const entityType = form.watch('entityType');
  const industry = form.watch('industry');
  const industryName = (code: string) => t(`onboarding.industries.${code}`);
  // SPEC §5: the industry is checked with the API as soon as it is chosen.
  const refused =
    check.error instanceof ApiError &&
    check.error.code === 'INDUSTRY_UNSUPPORTED' &&
    check.variables?.code === industry;
  const industryError = refused
    ? t('validation.industryUnsupported', { industry: industryName(industry) })
    : errors.industry?.message === 'validation.industryUnsupported'
      ? t('validation.industryUnsupported', { industry: industryName(industry) })
      : errors.industry?.message
        ? t(errors.industry.message)
        : undefined;
  const messageOf = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(values as unknown as CompanyDetails))}>
      <Stack gap="md" maw={560}>
        {isSubmitted && !isValid && (
          <Alert color="red" variant="light" role="alert">
            {t('validation.fieldsInvalid')}
          </Alert>
        )}
        <Controller
          control={form.control}
          name="entityType"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="entity-type-label">
                {t('onboarding.company.entityType')}
              </Text>
              <SegmentedControl
                aria-labelledby="entity-type-label"
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  if (form.formState.touchedFields.registrationNumber)
                    void form.trigger('registrationNumber');
                }}
                data={[
                  { value: 'company', label: t('onboarding.company.entityTypes.company') },
                  { value: 'sole-trader', label: t('onboarding.company.entityTypes.sole-trader') },
                ]}
              />
            </Stack>
          )}
        />
        <Controller
          control={form.control}
          name="country"
          render={({ field, fieldState }) => (
            <Select
              label={t('onboarding.company.country')}
              required
              searchable
              data={countries}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={messageOf(fieldState.error?.message)}
            />
          )}
        />
        <TextInput
          label={t('onboarding.company.legalEntityName')}
          required
          error={messageOf(errors.legalEntityName?.message)}
          {...form.register('legalEntityName')}
        />
        <TextInput
          label={t(
            entityType === 'company'
              ? 'onboarding.company.registrationNumber'
              : 'onboarding.company.registrationNumberOptional',
          )}
          required={entityType === 'company'}
          error={messageOf(errors.registrationNumber?.message)}
          {...form.register('registrationNumber')}
        />
        <TextInput
          label={t('onboarding.company.vatNumber')}
          error={messageOf(errors.vatNumber?.message)}
          {...form.register('vatNumber')}
        />
        <Controller
          control={form.control}
          name="industry"
          render={({ field }) => (
            <Select
              label={t('onboarding.company.industry')}
              required
              searchable
              data={(industries.data ?? []).map((item) => ({
                value: item.code,
                label: industryName(item.code),
              }))}
              value={field.value || null}
              onChange={(value) => {
                field.onChange(value ?? '');
                if (value)
                  check.mutate({ code: value, legalEntityName: form.getValues('legalEntityName') || '-' });
              }}
              onBlur={field.onBlur}
              error={industryError}
            />
          )}
        />
        <TextInput
          label={t('onboarding.company.phone')}
          type="tel"
          autoComplete="tel"
          required
          error={messageOf(errors.phone?.message)}
          {...form.register('phone')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSaving} disabled={isSaving}>
            {t('onboarding.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
