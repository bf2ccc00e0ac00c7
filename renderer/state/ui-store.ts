/** Which screen is open. Screen-specific state lives with its feature (e.g. the sale in progress). */
import { create } from 'zustand';

export type ScreenId =
  | 'sale'
  | 'mixed'
  | 'debt'
  | 'excise'
  | 'prro'
  | 'journal'
  | 'product'
  | 'outbox'
  | 'settings'
  | 'diagnostics';

interface UiState {
  readonly screen: ScreenId;
  /** A product code another screen asked the product card to open. */
  readonly productCode: string;
  show(screen: ScreenId): void;
  openProduct(code: string): void;
}

export const useUi = create<UiState>((set) => ({
  screen: 'sale',
  productCode: '',
  show: (screen) => set({ screen }),
  openProduct: (productCode) => set({ screen: 'product', productCode }),
}));
