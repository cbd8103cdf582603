import { signInRules } from '@mp/domain/rules/sign-in';
import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent, FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useRulesForm } from './use-rules-form.ts';

const typed = (value: string) => ({ currentTarget: { value } }) as ChangeEvent<HTMLInputElement>;
const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent<HTMLFormElement>;

function renderSignInForm() {
  return renderHook(() => useRulesForm(signInRules, { email: '', password: '' }));
}

describe('useRulesForm with the sign-in rules', () => {
  it('is invalid, clean and silent before the user does anything', () => {
    const { result } = renderSignInForm();
    expect(result.current.isValid).toBe(false);
    expect(result.current.isDirty).toBe(false);
    expect(result.current.errorOf('email')).toBeUndefined();
  });

  it("shows a field's message key once the field was left, then follows every change", () => {
    const { result } = renderSignInForm();
    act(() => result.current.field('email').onChange(typed('jane')));
    expect(result.current.errorOf('email')).toBeUndefined();
    act(() => result.current.field('email').onBlur());
    expect(result.current.touched).toEqual({ email: true });
    expect(result.current.errorOf('email')).toBe('validation.emailInvalid');
    act(() => result.current.field('email').onChange(typed('')));
    expect(result.current.errorOf('email')).toBe('validation.required');
    expect(result.current.errorOf('password')).toBeUndefined();
  });

  it('tracks dirty fields against the initial values', () => {
    const { result } = renderSignInForm();
    act(() => result.current.field('password').onChange(typed('x')));
    expect(result.current.dirty).toEqual({ password: true });
    act(() => result.current.field('password').onChange(typed('')));
    expect(result.current.isDirty).toBe(false);
  });

  it("submits the rules' output (trimmed, lowercased email) only when valid", () => {
    const onValid = vi.fn();
    const { result } = renderSignInForm();
    act(() => result.current.handleSubmit(onValid)(submitEvent()));
    expect(onValid).not.toHaveBeenCalled();
    // A tried submit shows every field's message.
    expect(result.current.errorOf('email')).toBe('validation.required');
    expect(result.current.errorOf('password')).toBe('validation.required');
    act(() => result.current.field('email').onChange(typed(' Jane@Example.COM ')));
    act(() => result.current.field('password').onChange(typed('secret')));
    expect(result.current.isValid).toBe(true);
    const event = submitEvent();
    act(() => result.current.handleSubmit(onValid)(event));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(onValid).toHaveBeenCalledWith({ email: 'jane@example.com', password: 'secret' });
  });
});
