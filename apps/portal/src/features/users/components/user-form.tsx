import { Alert, Button, Checkbox, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { ALL_SITES } from '@mp/domain/permissions';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SiteSummary } from '../../../lib/merchant/sites.ts';
import { type UserFormValues, userFormResolver } from '../user-form-values.ts';

interface UserFormProps {
  kind: 'invite' | 'edit';
  defaultValues: UserFormValues;
  sites: readonly SiteSummary[];
  onSubmit: (values: UserFormValues) => void;
  isLoading: boolean;
  /** The API's message when the call failed. */
  errorMessage: string | null;
  submitLabel: string;
  /** Extra actions beside submit (edit: reset password, remove). */
  actions?: ReactNode;
  /** Names belong to an account shared with another company: shown, not editable (issue 8 §1). */
  namesLocked?: boolean;
}

/** Invite and edit user (SPEC §3 "User invite and update", §5); submit disabled while invalid or loading. */
export function UserForm(props: UserFormProps) {
  const { kind, defaultValues, sites, onSubmit, isLoading, errorMessage, submitLabel, actions, namesLocked } =
    props;
  const { t } = useTranslation();
  const form = useForm<UserFormValues>({
    resolver: userFormResolver(kind),
    mode: 'onTouched',
    defaultValues,
  });
  const { errors, isValid } = form.formState;
  const messageOf = (key: string | undefined) => (key ? t(key) : undefined);
  const isOwner = form.watch('isOwner');
  // SPEC §5: say why submit stays disabled as soon as the person has started filling the form.
  const checkSites = () => void form.trigger('sites');

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Stack gap="md" maw={560}>
        {errorMessage && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage}
          </Alert>
        )}
        <TextInput
          label={t('access.users.email')}
          type="email"
          required={kind === 'invite'}
          disabled={kind === 'edit'}
          error={messageOf(errors.email?.message)}
          {...form.register('email', { onBlur: checkSites })}
        />
        <TextInput
          label={t('access.users.firstName')}
          required
          disabled={namesLocked}
          error={messageOf(errors.firstName?.message)}
          {...form.register('firstName', { onBlur: checkSites })}
        />
        <TextInput
          label={t('access.users.lastName')}
          required
          disabled={namesLocked}
          error={messageOf(errors.lastName?.message)}
          {...form.register('lastName', { onBlur: checkSites })}
        />
        <Controller
          control={form.control}
          name="isOwner"
          render={({ field }) => (
            <Switch
              label={t('access.users.companyOwner')}
              description={t('access.users.companyOwnerHint')}
              checked={field.value}
              onChange={(event) => {
                field.onChange(event.currentTarget.checked);
                void form.trigger('sites');
              }}
            />
          )}
        />
        {!isOwner && (
          <Controller
            control={form.control}
            name="sites"
            render={({ field }) => (
              <Checkbox.Group
                label={t('access.users.sites')}
                description={t('access.users.sitesHint')}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  void form.trigger('sites');
                }}
                error={messageOf(errors.sites?.message)}
              >
                <Stack gap="xs" mt="xs">
                  <Checkbox value={ALL_SITES} label={t('access.users.allSites')} />
                  {sites.map((site) => (
                    <Checkbox key={site.siteId} value={site.siteId} label={site.displayName ?? site.name} />
                  ))}
                  {sites.length === 0 && <Text c="dimmed">{t('access.users.noSites')}</Text>}
                </Stack>
              </Checkbox.Group>
            )}
          />
        )}
        <Group>
          <Button type="submit" disabled={!isValid || isLoading} loading={isLoading}>
            {submitLabel}
          </Button>
          {actions}
        </Group>
      </Stack>
    </form>
  );
}
