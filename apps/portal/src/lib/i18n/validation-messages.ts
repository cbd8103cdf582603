import type { Locale } from '@mp/domain/locales';
import { validationResources } from '@mp/domain/messages';

/** The domain package's validation texts (`validation.<name>`), merged into each locale's resources. */
export function validationMessages(locale: Locale): Record<string, unknown> {
  return validationResources(locale);
}
