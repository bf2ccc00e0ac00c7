/**
 * Tells the main process what happened, for the customer display (bridge customerDisplay). Never
 * awaited and never failing: the sale goes on whatever the display does; a display that is away
 * is said in the status bar. Nothing is sent while the settings have no display (the hook in
 * use-customer-display.ts keeps `on` as they say), so a till without one sends nothing.
 */
import type { CustomerView } from '../../../shared/bridge/api.js';
import { getBridge } from '../../bridge/index.js';

let on = false;

export function setDisplayOn(value: boolean): void {
  on = value;
}

export function tellDisplay(view: CustomerView): void {
  if (!on) return;
  getBridge()
    .customerDisplay(view)
    .catch(() => undefined);
}
