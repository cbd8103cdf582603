import { Alert, Button, Group, Loader, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FoundMerchant, useStaffSearchMerchants } from '../api/staff-search-merchants.ts';
import { MerchantTable } from './merchant-table.tsx';

interface StaffMerchantSearchProps {
  onOverride: (merchant: FoundMerchant) => void;
}

/** Staff: search every merchant by legal entity name (issue 5), then override into one. */
export function StaffMerchantSearch({ onOverride }: StaffMerchantSearchProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [name, setName] = useState('');
  const search = useStaffSearchMerchants(name);
  return (
    <>
      <search>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setName(input.trim());
          }}
        >
          <Group align="flex-end">
            <TextInput
              label={t('access.companies.searchLabel')}
              value={input}
              onChange={(event) => setInput(event.currentTarget.value)}
              w={320}
            />
            <Button type="submit" disabled={input.trim() === ''}>
              {t('access.companies.search')}
            </Button>
          </Group>
        </form>
      </search>
      {search.isFetching && <Loader size="sm" aria-label={t('access.loading')} />}
      {search.error && (
        <Alert color="red" variant="light" role="alert">
          {search.error.message}
        </Alert>
      )}
      {search.data && search.data.length === 0 && <Text c="dimmed">{t('access.companies.noResults')}</Text>}
      {search.data && search.data.length > 0 && (
        <MerchantTable
          merchants={search.data}
          label={t('access.companies.searchResults')}
          action={(merchant) => (
            <Button
              size="xs"
              onClick={() => onOverride(merchant)}
              aria-label={t('access.override.startFor', { merchant: merchant.legalEntityName })}
            >
              {t('access.override.action')}
            </Button>
          )}
        />
      )}
    </>
  );
}
