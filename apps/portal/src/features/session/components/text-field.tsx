import { type InputHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './sign-in-page.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> {
  label: string;
  /** The message shown under the field; marks the input invalid and describes it. */
  error?: string;
}

/** A labelled text input with its required marker and error, in plain elements (/signin is Mantine-free). */
export function TextField({ label, error, required, type = 'text', ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  const password = type === 'password';
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className={styles.inputWrapper}>
        <input
          {...input}
          id={id}
          type={password && revealed ? 'text' : type}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={password ? `${styles.input} ${styles.withToggle}` : styles.input}
        />
        {password && (
          <button
            type="button"
            className={styles.toggle}
            aria-label={t('signIn.showPassword')}
            aria-pressed={revealed}
            aria-controls={id}
            onClick={() => setRevealed((shown) => !shown)}
          >
            <EyeIcon crossed={revealed} />
          </button>
        )}
      </div>
      {error && (
        <div id={errorId} className={styles.error}>
          {error}
        </div>
      )}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}
