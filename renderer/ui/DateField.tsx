/**
 * A date field in Ukrainian (дд.мм.рррр), whatever the browser's locale (ui/date-text.ts). It hands
 * the screen an ISO date once one is typed in full, or '' when emptied; while half typed the screen
 * keeps its last date, and a date that is no day of the calendar is said under the field.
 */
import { type InputHTMLAttributes, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateText, parseDateText } from './date-text.js';
import { Field } from './Field.js';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  readonly label: string;
  /** ISO (YYYY-MM-DD), or '' for none. */
  readonly value: string;
  readonly onDate: (iso: string) => void;
  /** The screen's own word on the date (after another, outside the range), said unless the date is no day. */
  readonly problem?: string | undefined;
};

export function DateField({ value, onDate, label, problem, ...input }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => dateText(value));
  const entry = parseDateText(text);
  // A date the screen sets itself (a filter reset, a till's own register asked for) replaces the text;
  // the date this field handed up is the text already, so typing is never overwritten.
  useEffect(() => {
    setText((typed) => {
      const now = parseDateText(typed);
      const same = now.kind === 'date' ? now.iso === value : now.kind === 'empty' ? value === '' : false;
      return same ? typed : dateText(value);
    });
  }, [value]);
  return (
    <Field
      {...input}
      label={label}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('common:date.placeholder')}
      value={text}
      problem={entry.kind === 'invalid' ? t('common:date.invalid') : problem}
      onChange={(e) => {
        setText(e.target.value);
        const next = parseDateText(e.target.value);
        if (next.kind === 'date') onDate(next.iso);
        else if (next.kind === 'empty') onDate('');
      }}
    />
  );
}
