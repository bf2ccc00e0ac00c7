/**
 * The key's password, typed into a field React never holds: the value is read once, when it is
 * sent (readPassword), and the field is emptied as the call is made (clearPassword), whatever its
 * answer, so no state, no re-render and no devtools snapshot keeps it. A refused one is typed again.
 */
import { type RefObject, useId } from 'react';

export function PasswordField(props: {
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly label: string;
  readonly problem?: string | undefined;
  readonly testId: string;
  readonly autoFocus?: boolean;
  readonly onInput?: () => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        ref={props.inputRef}
        id={id}
        type="password"
        autoComplete="off"
        spellCheck={false}
        maxLength={128}
        data-autofocus={props.autoFocus ? '' : undefined}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={props.problem ? `${id}-problem` : undefined}
        onInput={props.onInput}
        data-testid={props.testId}
      />
      {props.problem ? (
        <span className="field-problem" id={`${id}-problem`} role="alert">
          {props.problem}
        </span>
      ) : null}
    </div>
  );
}

export const readPassword = (ref: RefObject<HTMLInputElement | null>): string => ref.current?.value ?? '';

export function clearPassword(ref: RefObject<HTMLInputElement | null>): void {
  if (ref.current) ref.current.value = '';
}
