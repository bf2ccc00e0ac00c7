import { type KeyboardEvent, type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usCharacter } from '../keyboard-layout.js';
import { type EntryKind, EntryTimer } from '../scanner.js';

/**
 * The code field the scanner types into. It times the keys of each entry so a scan is told from
 * typing (scanner.ts); Enter hands the entry over, and other keys go to `onKey` first (the
 * screen's line keys), which returns true when it used the key.
 */
export function ScanInput(props: {
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly onEntry: (text: string, kind: EntryKind) => void;
  readonly onKey: (e: KeyboardEvent<HTMLInputElement>, text: string) => boolean;
}) {
  const { t } = useTranslation('sale');
  const timer = useRef(new EntryTimer());
  return (
    <div className="field scan-field">
      <label htmlFor="sale-scan">{t('scanLabel')}</label>
      <input
        id="sale-scan"
        ref={props.inputRef}
        className="scan-input"
        data-testid="scan-input"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('scanPlaceholder')}
        onInput={(e) => {
          // A field emptied starts a new entry: the next scan is judged on its own keys.
          if (e.currentTarget.value === '') return timer.current.reset();
          const type = (e.nativeEvent as InputEvent).inputType;
          if (type !== 'insertText' && type !== 'deleteContentBackward') timer.current.edit();
        }}
        onKeyDown={(e) => {
          const input = e.currentTarget;
          if (props.onKey(e, input.value)) {
            e.preventDefault();
            timer.current.reset();
            return;
          }
          timer.current.key(e.key, e.timeStamp, e.currentTarget.value === '', usCharacter(e.code, e.shiftKey));
          if (e.key !== 'Enter') return;
          e.preventDefault();
          const { kind, text } = timer.current.finish(e.timeStamp, input.value);
          input.value = '';
          props.onEntry(text, kind);
        }}
      />
    </div>
  );
}
