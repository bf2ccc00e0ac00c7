/**
 * On a till's first start with its own back office, the PRRO number and cash box the back office
 * knows for it. It reads the embedded back office's tills table, not the contract: no contract read
 * answers a till's cash box (akas) yet — pos.shift_state and settings.fiscal_settings give its
 * numprro only — so this stays until the contract has one (the lead was told).
 */
import type { EmbeddedService } from './embedded.js';
import type { SettingsStore } from './settings/settings-store.js';

export function fillTillFromBackOffice(embedded: EmbeddedService, settings: SettingsStore): void {
  const till = settings.get().till;
  if (till.numprro !== '') return;
  const row = embedded.service.db.prepare('SELECT akas, numprro FROM tills WHERE kasm = ?').get(till.kasm) as
    | { akas: string; numprro: string }
    | undefined;
  if (row) settings.update({ till: { akas: row.akas, numprro: row.numprro } });
}
