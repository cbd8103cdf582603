import type { FormRules } from '@mp/domain/rules/rule';
import { type ChangeEvent, type FormEvent, useState } from 'react';

type TextValues<Values> = { [Name in keyof Values]: string };
type FieldName<Values> = Extract<keyof Values, string>;

export interface RulesForm<Values extends TextValues<Values>, Output> {
  values: Values;
  /** Fields the user has left (blur) at least once. */
  touched: Partial<Record<FieldName<Values>, true>>;
  /** Fields whose value differs from its initial value. */
  dirty: Partial<Record<FieldName<Values>, true>>;
  isDirty: boolean;
  isValid: boolean;
  /** The message key of the field's rule, once the field was touched or a submit was tried. */
  errorOf: (name: FieldName<Values>) => string | undefined;
  /** Props for a text input: name, value, onChange, onBlur. */
  field: (name: FieldName<Values>) => {
    name: FieldName<Values>;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
  };
  /** Calls `onValid` with the rules' output (e.g. the trimmed, lowercased email) when every field passes. */
  handleSubmit: (onValid: (data: Output) => void) => (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The few things a small form needs from a form library: the values as typed, the domain's plain rule functions'
 * verdict on them (computed during render), touched and dirty fields. Errors show once a field was left or a
 * submit tried, then follow every keystroke (react-hook-form's `onTouched`). /signin uses it with
 * `@mp/domain/rules/sign-in` instead of react-hook-form and zod to stay within its download budget (issue 2 §8);
 * the API applies the same rule functions through the zod schemas built from them.
 */
export function useRulesForm<Values extends TextValues<Values>, Output>(
  rules: FormRules<Values, Output>,
  initialValues: Values,
): RulesForm<Values, Output> {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<FieldName<Values>, true>>>({});
  const [submitted, setSubmitted] = useState(false);

  const names = Object.keys(rules.fields) as FieldName<Values>[];
  const errors: Partial<Record<string, string>> = {};
  for (const name of names) errors[name] = rules.fields[name](values[name]);
  const isValid = names.every((name) => errors[name] === undefined);

  const dirty: Partial<Record<FieldName<Values>, true>> = {};
  for (const name of Object.keys(values) as FieldName<Values>[])
    if (values[name] !== initialValues[name]) dirty[name] = true;

  return {
    values,
    touched,
    dirty,
    isDirty: Object.keys(dirty).length > 0,
    isValid,
    errorOf: (name) => (touched[name] || submitted ? errors[name] : undefined),
    field: (name) => ({
      name,
      value: values[name],
      onChange: (event) => {
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
      },
      onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
    }),
    handleSubmit: (onValid) => (event) => {
      event.preventDefault();
      setSubmitted(true);
      if (isValid) onValid(rules.output(values));
    },
  };
}
