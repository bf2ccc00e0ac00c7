import { type InputHTMLAttributes, useId } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  readonly label: string;
  /** A problem with this value, shown under it; the typed value stays. */
  readonly problem?: string | undefined;
}

export function Field({ label, problem, id, ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
        {...input}
      />
      {problem ? (
        <span className="field-problem" id={`${inputId}-problem`} role="alert">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
