import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../../test/render.tsx';
import { type FreshProof, FreshProofFields, freshProofBody, NO_PROOF } from './fresh-proof-fields.tsx';

function Harness({ seen, resets }: { seen: FreshProof[]; resets: string[] }) {
  const [proof, setProof] = useState<FreshProof>(NO_PROOF);
  return (
    <FreshProofFields
      proof={proof}
      onChange={(next) => {
        seen.push(next);
        setProof(next);
      }}
      errorKey={resets.length === 0 ? 'twoFactor.errors.codeMismatch' : null}
      onKindChange={() => resets.push('reset')}
    />
  );
}

describe('the fresh proof of a factor removal (issue 15)', () => {
  it('asks for the password first; choosing a code empties the field and asks for the code instead', async () => {
    const user = userEvent.setup();
    const seen: FreshProof[] = [];
    const resets: string[] = [];
    const { rerender } = render(
      <TestProviders>
        <Harness seen={seen} resets={resets} />
      </TestProviders>,
    );
    const password = () => screen.queryByLabelText(/^Password/, { selector: 'input[type="password"]' });
    await user.type(password() as HTMLElement, 'Secret-2026');
    expect(seen.at(-1)).toEqual({ kind: 'password', value: 'Secret-2026' });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid code, please try again.');

    await user.click(screen.getByText('Code'));
    expect(seen.at(-1)).toEqual({ kind: 'code', value: '' });
    expect(resets).toEqual(['reset']);
    rerender(
      <TestProviders>
        <Harness seen={seen} resets={resets} />
      </TestProviders>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(password()).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /^Code/ }), ' 123456 ');
    expect(seen.at(-1)).toEqual({ kind: 'code', value: ' 123456 ' });
  });

  it('sends the password as typed and a code trimmed', () => {
    expect(freshProofBody({ kind: 'password', value: ' pass word ' })).toEqual({ password: ' pass word ' });
    expect(freshProofBody({ kind: 'code', value: ' 123456 ' })).toEqual({ code: '123456' });
  });
});
