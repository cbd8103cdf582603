import { Spotlight } from '@mantine/spotlight';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { matchesQuery } from '../../../lib/command-palette/palette-source.ts';
import { pathTo } from '../../../lib/paths.ts';
import { sitesListQueryOptions } from '../api/sites-api.ts';

/** Command palette: the current merchant's sites by name or display name; opens the site. */
export function SitePaletteSource({
  query,
  guardBase,
}: {
  query: string;
  guardBase: { merchant: { merchantId: string } | null };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const merchantId = guardBase.merchant?.merchantId ?? '';
  const sites = useQuery({
    ...sitesListQueryOptions(merchantId),
    enabled: merchantId !== '' && query.length > 0,
  });
  const hits = (sites.data ?? [])
    .filter((site) => matchesQuery(`${site.name} ${site.displayName ?? ''}`, query))
    .slice(0, 5);
  if (hits.length === 0) return null;
  return (
    <Spotlight.ActionsGroup label={t('nav.sites')}>
      {hits.map((site) => (
        <Spotlight.Action
          key={site.siteId}
          label={site.displayName ? `${site.name} · ${site.displayName}` : site.name}
          onClick={() => void navigate(pathTo('all-devices', {}, { siteId: site.siteId }))}
        />
      ))}
    </Spotlight.ActionsGroup>
  );
}
