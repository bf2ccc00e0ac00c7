/** The scale: its settings (F9) and its state in the status bar; the sale's weighing is in features/sale/scale. */
export { ScaleSection } from './ScaleSection.js';
export { ScaleStatus } from './ScaleStatus.js';
