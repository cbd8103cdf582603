import { PasswordInput, SegmentedControl, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FlowAlert } from './flow-alert.tsx';

/** What removing a factor asks for (issue 15, one rule on the API): the password, or a current or recovery code. */
export interface FreshProof {
  kind: 'password' | 'code';
  value: string;
}

export const NO_PROOF: FreshProof = { kind: 'password', value: '' };

/** The request body the API's fresh-proof rule reads. */
export function freshProofBody(proof: FreshProof): { password: string } | { code: string } {
  return proof.kind === 'password' ? { password: proof.value } : { code: proof.value.trim() };
}

/**
 * The choice between the password and a code, the removal's error (the flow's), then the field. Choosing the other
 * kind empties the field and clears the error (`onKindChange`: the flow's reset).
 */
export function FreshProofFields({
  proof,
  onChange,
  errorKey,
  onKindChange,
}: {
  proof: FreshProof;
  onChange: (next: FreshProof) => void;
  errorKey: string | null;
  onKindChange: () => void;
}) {
  const { t } = useTranslation();
  const setValue = (value: string) => onChange({ ...proof, value });
  return (
    <>
      <SegmentedControl
        value={proof.kind}
        onChange={(value) => {
          onKindChange();
          onChange({ kind: value === 'code' ? 'code' : 'password', value: '' });
        }}
        data={[
          { value: 'password', label: t('twoFactor.settings.password') },
          { value: 'code', label: t('twoFactor.challenge.code') },
        ]}
      />
      <FlowAlert errorKey={errorKey} />
      {proof.kind === 'password' ? (
        <PasswordInput
          label={t('twoFactor.settings.password')}
          autoComplete="current-password"
          required
          value={proof.value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      ) : (
        <TextInput
          label={t('twoFactor.challenge.code')}
          description={t('twoFactor.challenge.recoveryHint')}
          autoComplete="one-time-code"
          required
          maxLength={20}
          value={proof.value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      )}
    </>
  );
}
