/**
 * The controls Tab can reach inside an element, in document order. Only the two ends matter to the
 * focus trap (the browser moves between the rest itself), so this need not rank positive tabindex.
 */
const CANDIDATES = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]',
  '[contenteditable="true"]',
].join(', ');

export function tabbable(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(CANDIDATES)].filter(
    // A hidden submit button (ManagerConfirmDialog's) or a collapsed part is no stop for Tab.
    (el) => el.tabIndex >= 0 && !el.closest('[inert]') && el.checkVisibility(),
  );
}
