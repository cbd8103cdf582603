import { Loader, type LoaderProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A spinner that says what it is: Mantine's Loader is a bare `<span>`, and a name on a span without a role is
 * refused by assistive technology (axe: aria-prohibited-attr). As a status it is read as "Loading…, status".
 * `label` says what is loading when the screen says more than the app's "Loading…". The only import of Loader
 * (biome.json restricts it): a spinner beside its own text, or inside a status that says it, is `decorative`.
 */
export function LoadingIndicator({
  label,
  decorative = false,
  ...props
}: Omit<LoaderProps, 'role' | 'aria-label'> & { label?: string; decorative?: boolean }) {
  const { t } = useTranslation();
  if (decorative) return <Loader {...props} aria-hidden />;
  return <Loader {...props} role="status" aria-label={label ?? t('app.loading')} />;
}
