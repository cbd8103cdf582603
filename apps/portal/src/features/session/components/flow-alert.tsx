import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FlowAlertProps {
  /** The i18n key of the flow's message; nothing is shown when null. */
  errorKey: string | null;
  title?: string;
  /** Renders the message differently, e.g. with its line-break slot (forgot password). */
  children?: ReactNode;
}

/** SPEC §8: identity errors show as warning alerts carrying that flow's message. */
export function FlowAlert({ errorKey, title, children }: FlowAlertProps) {
  const { t } = useTranslation();
  if (!errorKey) return null;
  return (
    <Alert color="yellow" variant="light" role="alert" title={title}>
      {children ?? t(errorKey)}
    </Alert>
  );
}
