/**
 * Keeps the code field focused so a scan is never lost: at once, whenever a dialog closes
 * (`active` turns true), and whenever the focus would fall on nothing (a click on the table,
 * the page regaining focus). Focus on another control (a button reached with Tab) is left alone.
 */
import { type RefObject, useEffect } from 'react';

export function useFocusKeeper(ref: RefObject<HTMLInputElement | null>, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const refocus = () => {
      const el = document.activeElement;
      if (!el || el === document.body) ref.current?.focus();
    };
    ref.current?.focus();
    // After the event that moved the focus has finished moving it.
    const later = () => setTimeout(refocus, 0);
    // A character typed while a button has the focus belongs to the code field (a scan after a click).
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.key.length !== 1 || e.key === ' ' || e.ctrlKey || e.altKey || e.metaKey || target?.closest('input, textarea, select'))
        return;
      ref.current?.focus();
    };
    document.addEventListener('focusout', later);
    document.addEventListener('click', later);
    window.addEventListener('focus', later);
    window.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('focusout', later);
      document.removeEventListener('click', later);
      window.removeEventListener('focus', later);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [ref, active]);
}
