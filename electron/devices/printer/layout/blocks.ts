/**
 * A paper as a printer with a fixed number of columns prints it: lines of text (left or centred,
 * bold, or tall for the few things a customer looks for first), rows of a text and an amount set
 * against the right edge, rules, and the QR code the printer draws itself. Each kind of paper is
 * laid out into these (layout/*.ts), and escpos/writer.ts turns them into the printer's bytes, so
 * the layout is plain data a test reads without a printer.
 */
export type Block =
  | { readonly kind: 'text'; readonly text: string; readonly center?: boolean; readonly bold?: boolean; readonly tall?: boolean }
  | {
      readonly kind: 'row';
      readonly left: string;
      readonly right: string;
      readonly indent?: boolean;
      readonly bold?: boolean;
      readonly tall?: boolean;
    }
  | { readonly kind: 'rule' }
  | { readonly kind: 'qr'; readonly data: string };

export const text = (t: string, style: { center?: boolean; bold?: boolean; tall?: boolean } = {}): Block => ({
  kind: 'text',
  text: t,
  ...style,
});
export const center = (t: string, style: { bold?: boolean; tall?: boolean } = {}): Block => text(t, { ...style, center: true });
export const row = (left: string, right: string, style: { indent?: boolean; bold?: boolean; tall?: boolean } = {}): Block => ({
  kind: 'row',
  left,
  right,
  ...style,
});
export const RULE: Block = { kind: 'rule' };

/**
 * Word-wraps a text to lines of at most `columns` characters at its spaces (never at a no-break
 * space, which holds an amount's groups together); a word longer than a line is cut.
 */
export function wrap(value: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(/[ \t\r\n]+/).filter((w) => w !== '')) {
    let w = word;
    while (w.length > columns) {
      if (line !== '') {
        lines.push(line);
        line = '';
      }
      lines.push(w.slice(0, columns));
      w = w.slice(columns);
    }
    if (line === '') line = w;
    else if (line.length + 1 + w.length <= columns) line = `${line} ${w}`;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line !== '') lines.push(line);
  return lines.length === 0 ? [''] : lines;
}

/**
 * A text and an amount on one line, the amount against the right edge; a text too long for the
 * line wraps above the amount, which is never cut or split.
 */
export function rowLines(left: string, right: string, columns: number, indent = 0): string[] {
  const pad = ' '.repeat(indent);
  const room = columns - indent;
  if (right === '') return wrap(left, room).map((l) => pad + l);
  const lines = wrap(left, room);
  const last = lines.at(-1) ?? '';
  if (last.length + 1 + right.length <= room) {
    lines[lines.length - 1] = last + ' '.repeat(room - last.length - right.length) + right;
    return lines.map((l) => pad + l);
  }
  return [...lines, ' '.repeat(Math.max(0, room - right.length)) + right.slice(-room)].map((l) => pad + l);
}
