/**
 * A person's login card and PIN, as sign-in and a manager's confirmation ask them: a scanned card
 * ends with Enter, which moves on to the PIN instead of sending without one.
 */
import { Field } from '../../ui/Field.js';

export function PinFields(props: {
  readonly labels: { readonly card: string; readonly pin: string };
  readonly testIds: { readonly card: string; readonly pin: string };
  readonly card: string;
  readonly pin: string;
  readonly onCard: (card: string) => void;
  readonly onPin: (pin: string) => void;
  readonly problems?: { readonly card?: string | undefined; readonly pin?: string | undefined };
}) {
  return (
    <>
      <Field
        label={props.labels.card}
        autoComplete="off"
        autoFocus
        value={props.card}
        problem={props.problems?.card}
        onChange={(e) => props.onCard(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && props.card.trim() !== '' && props.pin === '') {
            e.preventDefault();
            (e.currentTarget.form?.elements.namedItem('pin') as HTMLInputElement | null)?.focus();
          }
        }}
        data-testid={props.testIds.card}
      />
      <Field
        label={props.labels.pin}
        name="pin"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        value={props.pin}
        problem={props.problems?.pin}
        onChange={(e) => props.onPin(e.target.value)}
        data-testid={props.testIds.pin}
      />
    </>
  );
}
