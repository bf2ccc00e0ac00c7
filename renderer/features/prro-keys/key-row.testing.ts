/** Rows of pos.prro_key_state for tests: a seller's key on till 1, loaded and unlocked, on the real server. */
import type { KeyRow } from './key-state.js';

export const keyRow = (over: Partial<Record<keyof KeyRow, string>> = {}): KeyRow =>
  ({
    kasm: '1',
    numprro: '4000211451',
    loaded: '1',
    owner: 'ТОВ "Колосок"',
    drfo: '',
    edrpou: '34554355',
    issuer: 'КНЕДП ДПС',
    valid_from: '2025-01-10',
    valid_to: '2027-01-10',
    days_left: '420',
    expiry_warning: '0',
    unlocked: '1',
    unattended: '0',
    unattended_available: '1',
    unsigned: '0',
    device: 'ours',
    server: 'real',
    ...over,
  }) as KeyRow;

/** No key loaded for the register. */
export const noKey = (over: Partial<Record<keyof KeyRow, string>> = {}): KeyRow =>
  keyRow({
    loaded: '0',
    owner: '',
    edrpou: '',
    issuer: '',
    valid_from: '',
    valid_to: '',
    days_left: '0',
    unlocked: '0',
    ...over,
  });
