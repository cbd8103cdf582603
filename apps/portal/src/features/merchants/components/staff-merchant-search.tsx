import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type FoundMerchant, useStaffSearchMerchants } from '../api/staff-search-merchants.ts';
import { MerchantTable } from './merchant-table.tsx';

interface StaffMerchantSearchProps {
  onOverride: (merchant: FoundMerchant) => void;
}

/**
 * Staff: search every merchant by legal entity name (issue 5), then override into one. The searched name lives in
 * the URL (`/companies?name=…`), so the command palette can open a search and a reload keeps it.
 */
export function StaffMerchantSearch({ onOverride }: StaffMerchantSearchProps) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const name = searchParams.get('name') ?? '';
  const [input, setInput] = useState(name);
  const search = useStaffSearchMerchants(name);
  return (
    <>
      <search>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setSearchParams(input.trim() ? { name: input.trim() } : {}, { replace: true });
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('access.companies.searchLabel')}
              value={input}
              onChange={(event) => setInput(event.currentTarget.value)}
              w={320}
              maw="100%"
            />
            <Button type="submit" disabled={input.trim() === ''}>
              {t('access.companies.search')}
            </Button>
          </Group>
        </form>
      </search>
      {name !== '' && (
        <MerchantTable
          merchants={search.data}
          label={t('access.companies.searchResults')}
          emptyText={t('access.companies.noResults')}
          error={search.error}
          onRetry={() => void search.refetch()}
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
