import { type ChangeEvent, type FormEvent, useState } from 'react';
import { type core, type input, type output, safeParse } from 'zod/mini';

/** A form whose fields are all text inputs, validated by one domain schema (zod classic or zod/mini). */
type TextFormSchema = core.$ZodType<unknown, Record<string, string>>;
type FieldName<S extends TextFormSchema> = Extract<keyof input<S>, string>;

export interface SchemaForm<S extends TextFormSchema> {
  values: input<S>;
  /** Fields the user has left (blur) at least once. */
  touched: Partial<Record<FieldName<S>, true>>;
  /** Fields whose value differs from its initial value. */
  dirty: Partial<Record<FieldName<S>, true>>;
  isDirty: boolean;
  isValid: boolean;
  /** The message key of the field's first issue, once the field was touched or a submit was tried. */
  errorOf: (name: FieldName<S>) => string | undefined;
  /** Props for a text input: name, value, onChange, onBlur. */
  field: (name: FieldName<S>) => {
    name: FieldName<S>;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
  };
  /** Calls `onValid` with the schema's output (e.g. the trimmed, lowercased email) when the values pass it. */
  handleSubmit: (onValid: (data: output<S>) => void) => (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The few things the public forms need from a form library, in about a kilobyte: the values as typed, the domain
 * schema's verdict on them (computed during render, one safeParse per change), touched and dirty fields. Errors
 * show once a field was left or a submit tried, then follow every keystroke (react-hook-form's `onTouched`).
 * /signin uses it instead of react-hook-form to stay within its download budget (issue 2 §8).
 */
export function useSchemaForm<S extends TextFormSchema>(schema: S, initialValues: input<S>): SchemaForm<S> {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<FieldName<S>, true>>>({});
  const [submitted, setSubmitted] = useState(false);

  const result = safeParse(schema, values);
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const name = issue.path[0];
    if (typeof name === 'string') errors[name] ??= issue.message;
  }

  const dirty: Partial<Record<FieldName<S>, true>> = {};
  for (const name of Object.keys(values) as FieldName<S>[])
    if (values[name] !== initialValues[name]) dirty[name] = true;

  return {
    values,
    touched,
    dirty,
    isDirty: Object.keys(dirty).length > 0,
    isValid: result.success,
    errorOf: (name) => (touched[name] || submitted ? errors[name] : undefined),
    field: (name) => ({
      name,
      value: values[name] as string,
      onChange: (event) => {
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
      },
      onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
    }),
    handleSubmit: (onValid) => (event) => {
      event.preventDefault();
      setSubmitted(true);
      if (result.success) onValid(result.data);
    },
  };
}
