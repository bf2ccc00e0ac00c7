/**
 * The PRRO queue's own keys (F1..F10 stay with the shell). Alt shortcuts are matched by the
 * physical key (KeyboardEvent.code), so they work the same in the Ukrainian layout. The hint bar
 * shows the keys of what is on the screen: the list, a document opened beside it, or a shift's
 * documents; every action of each has a key there.
 */
export type HintContext = 'queue' | 'detail' | 'shifts';

interface Hint {
  readonly keys: string;
  /** The label's key under strings' `keys`. */
  readonly action: string;
  readonly in: readonly HintContext[];
  /** Shown only for a document that waits for another. */
  readonly waits?: true;
}

const HINTS: readonly Hint[] = [
  { keys: 'Enter', action: 'apply', in: ['queue'] },
  { keys: '↑ ↓ PgUp PgDn Home End', action: 'move', in: ['queue'] },
  { keys: 'Enter', action: 'open', in: ['queue'] },
  { keys: 'Alt+1…9', action: 'sort', in: ['queue'] },
  { keys: 'Alt+F', action: 'filters', in: ['queue', 'detail'] },
  { keys: 'Alt+G', action: 'grid', in: ['queue', 'detail'] },
  { keys: 'Alt+B', action: 'bulk', in: ['queue'] },
  { keys: 'Alt+D', action: 'since', in: ['queue', 'detail'] },
  { keys: 'Esc', action: 'back', in: ['detail'] },
  { keys: 'Alt+V', action: 'correct', in: ['detail'] },
  { keys: 'Alt+E', action: 'edit', in: ['detail'] },
  { keys: 'Alt+X', action: 'discard', in: ['detail'] },
  { keys: 'Alt+R', action: 'requeue', in: ['detail'] },
  { keys: 'Alt+S', action: 'status', in: ['detail'] },
  { keys: 'Alt+W', action: 'blocker', in: ['detail'], waits: true },
  { keys: 'Alt+Z', action: 'shifts', in: ['queue'] },
  { keys: 'Alt+Z', action: 'docShift', in: ['detail'] },
  { keys: '↑ ↓', action: 'moveShifts', in: ['shifts'] },
  { keys: 'Enter', action: 'openShift', in: ['shifts'] },
  { keys: 'Alt+Z', action: 'backToQueue', in: ['shifts'] },
];

/** The hints for what is on the screen; `waits` when the document open waits for another. */
export const hintsFor = (context: HintContext, waits = false): readonly Hint[] =>
  HINTS.filter((h) => h.in.includes(context) && (waits || !h.waits));

/** The Alt shortcut a key press is, if any. */
export function altShortcut(e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>) {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return undefined;
  const digit = /^Digit([1-9])$/.exec(e.code);
  if (digit) return { sort: Number(digit[1]) - 1 } as const;
  const action = ALT_LETTERS[/^Key([A-Z])$/.exec(e.code)?.[1] ?? ''];
  return action ? ({ action } as const) : undefined;
}

export type AltAction =
  | 'filters'
  | 'grid'
  | 'requeue'
  | 'edit'
  | 'correct'
  | 'discard'
  | 'blocker'
  | 'status'
  | 'bulk'
  | 'since'
  | 'shifts';

const ALT_LETTERS: Readonly<Record<string, AltAction>> = {
  F: 'filters',
  G: 'grid',
  R: 'requeue',
  E: 'edit',
  // Виправити: the correction form.
  V: 'correct',
  // The correction thrown away (a cross).
  X: 'discard',
  // The document this one waits for.
  W: 'blocker',
  S: 'status',
  B: 'bulk',
  // Дати: from the register's first unsent document on.
  D: 'since',
  // Зміна: the per-shift view and back.
  Z: 'shifts',
};
