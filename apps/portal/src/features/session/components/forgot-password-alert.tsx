import { Trans, useTranslation } from 'react-i18next';
import { FlowAlert } from './flow-alert.tsx';

/**
 * SPEC §8: on the forgot-password screen the message is a translation key with a line-break slot (`<br/>`),
 * under the "exception" title.
 */
export function ForgotPasswordAlert({ errorKey }: { errorKey: string | null }) {
  const { t } = useTranslation();
  if (!errorKey) return null;
  return (
    <FlowAlert errorKey={errorKey} title={t('errors.exception')}>
      <Trans i18nKey={errorKey} components={{ br: <br /> }} />
    </FlowAlert>
  );
}
