/**
 * On a till's first start with its own back office, the PRRO number and cash box the back office
 * knows for it, read through the contract like any other answer (pos.shift_state names both).
 * A till the back office does not know, or a service that does not answer, leaves them to a manager
 * (Settings, F9).
 */
import { op } from '../../shared/contract/index.js';
import type { RpcClient } from './rpc/client.js';
import type { SettingsStore } from './settings/settings-store.js';

export async function fillTillFromBackOffice(client: RpcClient, settings: SettingsStore): Promise<void> {
  const till = settings.get().till;
  if (till.numprro !== '') return;
  const outcome = await client.call(op.pos.shiftState, { kasm: till.kasm });
  if (outcome.kind !== 'ok') return;
  const row = outcome.result.rows[0] as { akas?: unknown; numprro?: unknown } | undefined;
  if (row) settings.update({ till: { akas: String(row.akas ?? ''), numprro: String(row.numprro ?? '') } });
}
