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
  | 'diagnostics'
  | 'shift'
  /** The registers' signing keys, reached from the settings (F9, Alt+P). */
  | 'keys';

interface UiState {
  readonly screen: ScreenId;
  /** A product code another screen asked the product card to open. */
  readonly productCode: string;
  /** A scan that arrived on another screen, for the sale screen to take (app/use-global-scan.ts). */
  readonly pendingScan: string;
  show(screen: ScreenId): void;
  openProduct(code: string): void;
  /** Shows the sale screen with a scan for it. */
  handOver(scan: string): void;
  /** The sale screen took the scan. */
  takeScan(): void;
}

export const useUi = create<UiState>((set) => ({
  screen: 'sale',
  productCode: '',
  pendingScan: '',
  show: (screen) => set({ screen }),
  openProduct: (productCode) => set({ screen: 'product', productCode }),
  handOver: (pendingScan) => set({ screen: 'sale', pendingScan }),
  takeScan: () => set({ pendingScan: '' }),
}));
