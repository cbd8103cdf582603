import type { SignInInput } from './api/sign-in.ts';
import type { FlowStatus } from './use-flow.ts';

/** SPEC §3 "Sign-in state" and §4: status, error message, requires-confirmation and force-new-password. */
export interface SignInState {
  status: FlowStatus;
  /** An i18n key of SPEC §8's sign-in messages. */
  errorKey: string | null;
  userRequiresConfirmation: boolean;
  forceNewPassword: boolean;
  /** Issue 15: the password was right; a code from the authenticator app (or a recovery code) is asked next. */
  secondFactorRequired: boolean;
  /** What the user typed, kept in memory to continue after a challenge. */
  credentials: SignInInput | null;
  /** The temporary-password or second-factor challenge's session, answered by the next call. */
  challengeSession: string | null;
}

export type SignInAction =
  | { type: 'submitted'; credentials: SignInInput }
  | { type: 'failed'; errorKey: string }
  | { type: 'confirmation-required' }
  | { type: 'new-password-required'; session: string }
  | { type: 'second-factor-required'; session: string }
  | { type: 'signed-in' }
  | { type: 'back' };

export const initialSignInState: SignInState = {
  status: 'idle',
  errorKey: null,
  userRequiresConfirmation: false,
  forceNewPassword: false,
  secondFactorRequired: false,
  credentials: null,
  challengeSession: null,
};

export function signInReducer(state: SignInState, action: SignInAction): SignInState {
  switch (action.type) {
    case 'submitted':
      return { ...initialSignInState, status: 'loading', credentials: action.credentials };
    case 'failed':
      return { ...state, status: 'loaded', errorKey: action.errorKey };
    case 'confirmation-required':
      return { ...state, status: 'loaded', userRequiresConfirmation: true };
    case 'new-password-required':
      return { ...state, status: 'loaded', forceNewPassword: true, challengeSession: action.session };
    case 'second-factor-required':
      return { ...state, status: 'loaded', secondFactorRequired: true, challengeSession: action.session };
    case 'signed-in':
      return { ...state, status: 'loaded', errorKey: null };
    case 'back':
      return initialSignInState;
  }
}
