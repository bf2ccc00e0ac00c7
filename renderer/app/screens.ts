/** The screens and their function keys (documented in the README; F11/F12 stay with the sale). */
import type { ComponentType } from 'react';
import { DebtScreen } from '../features/debt/DebtScreen.js';
import { DiagnosticsScreen } from '../features/diagnostics/DiagnosticsScreen.js';
import { ExciseScreen } from '../features/excise/ExciseScreen.js';
import { JournalScreen } from '../features/journal/JournalScreen.js';
import { MixedPaymentScreen } from '../features/mixed-payment/MixedPaymentScreen.js';
import { OutboxScreen } from '../features/outbox/OutboxScreen.js';
import { ProductCardScreen } from '../features/product-card/ProductCardScreen.js';
import { PrroQueueScreen } from '../features/prro-queue/PrroQueueScreen.js';
import { SaleScreen } from '../features/sale/SaleScreen.js';
import { SettingsScreen } from '../features/settings/SettingsScreen.js';
import type { ScreenId } from '../state/ui-store.js';

export interface ScreenDef {
  readonly id: ScreenId;
  readonly key: string;
  readonly component: ComponentType;
}

export const SCREENS: readonly ScreenDef[] = [
  { id: 'sale', key: 'F1', component: SaleScreen },
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
