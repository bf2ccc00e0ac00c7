/** A screen's own keys, always in sight (the function keys F1..F10 are the shell's). */
export interface KeyHint {
  readonly keys: string;
  readonly label: string;
}

export function KeyHints(props: { readonly hints: readonly KeyHint[]; readonly title: string; readonly className?: string }) {
  return (
    <ul className={`screen-keys ${props.className ?? ''}`.trim()} aria-label={props.title} data-testid="key-hints">
      {props.hints.map((h) => (
        <li key={`${h.keys} ${h.label}`}>
          <kbd>{h.keys}</kbd> {h.label}
        </li>
      ))}
    </ul>
  );
}
