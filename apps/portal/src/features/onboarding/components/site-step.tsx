import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { COMPANY_COUNTRIES } from '@mp/domain/schemas/company';
import { siteStepSchema, siteStepWithPayByLinkSchema } from '@mp/domain/schemas/onboarding';
import type { SiteInput } from '@mp/domain/schemas/site';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from './country-options.ts';

export interface SiteFormValues {
  name: string;
  displayName: string;
  shortCode: string;
  payByLinkTermsUrl: string;
  address: {
    line1: string;
    line2: string;
    city: string;
    stateOrProvince: string;
    postalCode: string;
    country: string;
  };
}

export function emptySite(country: string): SiteFormValues {
  return {
    name: '',
    displayName: '',
    shortCode: '',
    payByLinkTermsUrl: '',
    address: { line1: '', line2: '', city: '', stateOrProvince: '', postalCode: '', country },
  };
}

/** A saved site (optional fields absent) back into what the form holds. */
export function siteFormValues(site: SiteInput): SiteFormValues {
  return {
    name: site.name,
    displayName: site.displayName ?? '',
    shortCode: site.shortCode ?? '',
    payByLinkTermsUrl: site.payByLinkTermsUrl ?? '',
    address: {
      line1: site.address.line1,
      line2: site.address.line2 ?? '',
      city: site.address.city,
      stateOrProvince: site.address.stateOrProvince ?? '',
      postalCode: site.address.postalCode,
      country: site.address.country,
    },
  };
}

interface SiteStepProps {
  defaultValues: SiteFormValues;
  /** Pay by link was chosen in the payments step: the site needs its terms web address (decision 0136). */
  payByLink: boolean;
  onSubmit: (site: SiteInput) => void;
  onBack: () => void;
  isSaving: boolean;
}

/** Step 3: the first site, with every site rule of SPEC §5 (empty optional fields removed, postcode uppercased). */
export function SiteStep({ defaultValues, payByLink, onSubmit, onBack, isSaving }: SiteStepProps) {
  const { t } = useTranslation();
  const countries = useCountryOptions(COMPANY_COUNTRIES);
  const form = useForm<SiteFormValues>({
    resolver: zodResolver((payByLink ? siteStepWithPayByLinkSchema : siteStepSchema) as never) as never,
    mode: 'onTouched',
    defaultValues,
  });
  const { errors, isSubmitted, isValid } = form.formState;
  const messageOf = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <form noValidate onSubmit={form.handleSubmit((site) => onSubmit(site as unknown as SiteInput))}>
      <Stack gap="md" maw={560}>
        <Text>{t('onboarding.site.intro')}</Text>
        {isSubmitted && !isValid && (
          <Alert color="red" variant="light" role="alert">
            {t('validation.fieldsInvalid')}
          </Alert>
        )}
        <TextInput
          label={t('onboarding.site.name')}
          description={t('onboarding.site.nameHint')}
          required
          error={messageOf(errors.name?.message)}
          {...form.register('name')}
        />
        <TextInput
          label={t('onboarding.site.displayName')}
          error={messageOf(errors.displayName?.message)}
          {...form.register('displayName')}
        />
        <TextInput
          label={t('onboarding.site.shortCode')}
          maxLength={4}
          error={messageOf(errors.shortCode?.message)}
          {...form.register('shortCode')}
        />
        {payByLink && (
          <TextInput
            label={t('sites.form.payByLinkTermsUrl')}
            required
            type="url"
            error={messageOf(errors.payByLinkTermsUrl?.message)}
            {...form.register('payByLinkTermsUrl')}
          />
        )}
        <TextInput
          label={t('onboarding.site.line1')}
          required
          autoComplete="address-line1"
          error={messageOf(errors.address?.line1?.message)}
          {...form.register('address.line1')}
        />
        <TextInput
          label={t('onboarding.site.line2')}
          autoComplete="address-line2"
          error={messageOf(errors.address?.line2?.message)}
          {...form.register('address.line2')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('onboarding.site.city')}
            required
            autoComplete="address-level2"
            error={messageOf(errors.address?.city?.message)}
            {...form.register('address.city')}
          />
          <TextInput
            label={t('onboarding.site.stateOrProvince')}
            autoComplete="address-level1"
            error={messageOf(errors.address?.stateOrProvince?.message)}
            {...form.register('address.stateOrProvince')}
          />
          <TextInput
            label={t('onboarding.site.postalCode')}
            required
            autoComplete="postal-code"
            error={messageOf(errors.address?.postalCode?.message)}
            {...form.register('address.postalCode')}
          />
          <Controller
            control={form.control}
            name="address.country"
            render={({ field, fieldState }) => (
              <Select
                label={t('onboarding.site.country')}
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
        </SimpleGrid>
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            {t('onboarding.back')}
          </Button>
          <Button type="submit" loading={isSaving} disabled={isSaving}>
            {t('onboarding.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
