/**
 * The screens and their function keys (documented in docs/desk.md, "Keyboard"; F11/F12 stay with the sale).
 * F1..F10 are taken, so a screen may ask for a modifier as well: Shift+F1 is the shift, and F1
 * without Shift stays the sale.
 */
import type { ComponentType } from 'react';
import { DebtScreen } from '../features/debt/DebtScreen.js';
import { DiagnosticsScreen } from '../features/diagnostics/DiagnosticsScreen.js';
import { ExciseScreen } from '../features/excise/ExciseScreen.js';
import { JournalScreen } from '../features/journal/JournalScreen.js';
import { MixedPaymentScreen } from '../features/mixed-payment/MixedPaymentScreen.js';
import { OutboxScreen } from '../features/outbox/OutboxScreen.js';
import { ProductCardScreen } from '../features/product-card/ProductCardScreen.js';
import { KeysScreen } from '../features/prro-keys/index.js';
import { PrroQueueScreen } from '../features/prro-queue/PrroQueueScreen.js';
import { SaleScreen } from '../features/sale/SaleScreen.js';
import { SettingsScreen } from '../features/settings/SettingsScreen.js';
import { ShiftScreen } from '../features/shift/ShiftScreen.js';
import type { ScreenId } from '../state/ui-store.js';

export interface ScreenDef {
  readonly id: ScreenId;
  readonly key: string;
  /** Held with the key; without one the key works only on its own (Shift+F1 is not F1). */
  readonly modifier?: 'Shift';
  readonly component: ComponentType;
}

export const SCREENS: readonly ScreenDef[] = [
  { id: 'sale', key: 'F1', component: SaleScreen },
  // The day starts and ends with the shift: its tab sits beside the sale's.
  { id: 'shift', key: 'F1', modifier: 'Shift', component: ShiftScreen },
  { id: 'mixed', key: 'F2', component: MixedPaymentScreen },
  { id: 'debt', key: 'F3', component: DebtScreen },
  { id: 'excise', key: 'F4', component: ExciseScreen },
  { id: 'prro', key: 'F5', component: PrroQueueScreen },
  { id: 'journal', key: 'F6', component: JournalScreen },
  { id: 'product', key: 'F7', component: ProductCardScreen },
  { id: 'outbox', key: 'F8', component: OutboxScreen },
  { id: 'settings', key: 'F9', component: SettingsScreen },
  { id: 'diagnostics', key: 'F10', component: DiagnosticsScreen },
];

/**
 * Screens reached from another screen rather than by a function key of their own: F1..F10 are all
 * taken, and these are a manager's, seldom opened. They have no tab; their parent's tab stays lit
 * while one is open, and Esc goes back to it.
 */
export interface SubScreenDef {
  readonly id: ScreenId;
  readonly parent: ScreenId;
  /** The key on the parent screen that opens it. */
  readonly key: string;
  readonly component: ComponentType;
}

export const SUB_SCREENS: readonly SubScreenDef[] = [{ id: 'keys', parent: 'settings', key: 'Alt+P', component: KeysScreen }];

/** The component a screen id shows: a tab's screen or a sub-screen; the sale for an id of neither. */
export function componentOf(id: ScreenId): ComponentType | undefined {
  return (SCREENS.find((s) => s.id === id) ?? SUB_SCREENS.find((s) => s.id === id) ?? SCREENS[0])?.component;
}

/** The tab lit for a screen: its own, or its parent's for a sub-screen. */
export const tabOf = (id: ScreenId): ScreenId => SUB_SCREENS.find((s) => s.id === id)?.parent ?? id;

/** What the tab shows: "F5", "Shift+F1". */
export const keyLabel = (s: Pick<ScreenDef, 'key' | 'modifier'>): string => (s.modifier ? `${s.modifier}+${s.key}` : s.key);

/** The screen a key press opens: the modifier must match, Shift included; Alt, Ctrl and Meta open none. */
export function screenOfKey(
  e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>,
  screens: readonly ScreenDef[] = SCREENS,
): ScreenDef | undefined {
  if (e.altKey || e.ctrlKey || e.metaKey) return undefined;
  return screens.find((s) => s.key === e.key && (s.modifier === 'Shift') === e.shiftKey);
}
