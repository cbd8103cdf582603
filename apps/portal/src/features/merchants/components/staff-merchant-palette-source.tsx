import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight } from '@mantine/spotlight';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PaletteSourceProps } from '../../../lib/command-palette/palette-source.ts';
import { pathTo } from '../../../lib/paths.ts';
import { useStaffSearchMerchants } from '../api/staff-search-merchants.ts';

/** Searches start at this many characters, after a pause: every staff search is audited on the server. */
const MIN_QUERY = 2;
const PAUSE_MS = 400;

/** Command palette source for staff: merchants by legal name; choosing one opens Manage companies on that search. */
export function StaffMerchantPaletteSource({ query }: PaletteSourceProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [settled] = useDebouncedValue(query.length >= MIN_QUERY ? query : '', PAUSE_MS);
  const search = useStaffSearchMerchants(settled);
  const found = settled === '' ? [] : (search.data ?? []);
  if (found.length === 0) return null;
  return (
    <Spotlight.ActionsGroup label={t('ui.palette.companies')}>
      {found.slice(0, 8).map((merchant) => (
        <Spotlight.Action
          key={merchant.merchantId}
          label={merchant.legalEntityName}
          onClick={() => void navigate(pathTo('manage-companies', {}, { name: merchant.legalEntityName }))}
        />
      ))}
    </Spotlight.ActionsGroup>
  );
}
