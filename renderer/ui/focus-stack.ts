/**
 * The open modals, the topmost last. Only the topmost keeps the keyboard: a barcode scanner types
 * into whatever has focus, so a scan must never land in a field behind a dialog. The listeners sit
 * on the document (capturing) while any modal is open, because a question asked over a dialog is
 * often inside it in the DOM, and the dialog's own handlers must not act for the question.
 */
import { tabbable } from './tabbable.js';

export interface Trap {
  readonly container: HTMLElement;
  /** The control inside that last had focus: where focus goes back after a stray click. */
  last: HTMLElement | null;
}

const stack: Trap[] = [];

const top = (): Trap | undefined => stack[stack.length - 1];

function inside(trap: Trap, node: unknown): boolean {
  return node instanceof Node && trap.container.contains(node);
}

/**
 * Brings focus back into the topmost modal, if it has left it; also after a modal closed and gave
 * focus back, so the one below keeps the keyboard again.
 */
export function reclaimFocus(): void {
  const trap = top();
  // A modal already taken out of the page is about to hand focus back itself (useFocusTrap).
  if (!trap?.container.isConnected || inside(trap, document.activeElement)) return;
  // The control that had it may since have been disabled (a button while its answer is sent).
  for (const el of [trap.last, tabbable(trap.container)[0], trap.container]) {
    if (!el?.isConnected || !inside(trap, el)) continue;
    el.focus();
    if (document.activeElement === el) return;
  }
}

function onKeyDown(e: KeyboardEvent): void {
  const trap = top();
  if (e.key !== 'Tab' || !trap || e.ctrlKey || e.altKey || e.metaKey) return;
  const stops = tabbable(trap.container);
  const first = stops[0];
  const last = stops[stops.length - 1];
  const at = document.activeElement;
  let next: HTMLElement | undefined;
  if (!first || !last) next = trap.container;
  else if (!inside(trap, at)) next = e.shiftKey ? last : first;
  else if (e.shiftKey && at === first) next = last;
  else if (!e.shiftKey && at === last) next = first;
  if (!next) return;
  e.preventDefault();
  next.focus();
}

function onFocusIn(e: FocusEvent): void {
  const trap = top();
  if (!trap) return;
  if (inside(trap, e.target)) trap.last = e.target as HTMLElement;
  // Later, not now: a modal opening over this one gives its field focus before it joins the stack.
  else queueMicrotask(reclaimFocus);
}

function onFocusOut(e: FocusEvent): void {
  const trap = top();
  // Focus falling on nothing (a click on the dialog's text, a control removed) has no focusin.
  if (trap && e.relatedTarget === null && inside(trap, e.target)) queueMicrotask(reclaimFocus);
}

function onMouseDown(e: MouseEvent): void {
  const trap = top();
  // A click on the backdrop or the screen behind moves no focus there.
  if (trap && !inside(trap, e.target)) e.preventDefault();
}

const listeners = [
  ['keydown', onKeyDown],
  ['focusin', onFocusIn],
  ['focusout', onFocusOut],
  ['mousedown', onMouseDown],
] as const;

export function pushTrap(container: HTMLElement): Trap {
  if (stack.length === 0) for (const [type, fn] of listeners) document.addEventListener(type, fn as EventListener, true);
  const trap: Trap = { container, last: null };
  // React mounts a child's effects before its parent's: a question opened with its dialog in one
  // render joins the stack first, yet it is the one on top.
  const below = stack.findIndex((t) => container.contains(t.container));
  if (below === -1) stack.push(trap);
  else stack.splice(below, 0, trap);
  reclaimFocus();
  return trap;
}

export function popTrap(trap: Trap): void {
  const at = stack.indexOf(trap);
  if (at !== -1) stack.splice(at, 1);
  if (stack.length === 0) for (const [type, fn] of listeners) document.removeEventListener(type, fn as EventListener, true);
}
