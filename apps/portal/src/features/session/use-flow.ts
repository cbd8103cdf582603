import { useState } from 'react';
import { type IdentityFlow, identityErrorKey } from './identity-errors.ts';

/** SPEC §3: status values idle and loading are known; loaded marks a finished call, success or failure. */
export type FlowStatus = 'idle' | 'loading' | 'loaded';

export interface FlowState {
  status: FlowStatus;
  /** An i18n key (SPEC §8: the flow's message), null when the last call succeeded. */
  errorKey: string | null;
}

/**
 * The status and error message of one identity flow (SPEC §3: confirm-user, force-new-password and
 * forgot-password each hold their own). `run` resolves to the call's result, or undefined when it failed.
 */
export function useFlow(flow: IdentityFlow) {
  const [state, setState] = useState<FlowState>({ status: 'idle', errorKey: null });
  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    setState({ status: 'loading', errorKey: null });
    try {
      const result = await call();
      setState({ status: 'loaded', errorKey: null });
      return result;
    } catch (error) {
      setState({ status: 'loaded', errorKey: identityErrorKey(flow, error) });
      return undefined;
    }
  }
  const reset = () => setState({ status: 'idle', errorKey: null });
  return { ...state, isLoading: state.status === 'loading', run, reset };
}
