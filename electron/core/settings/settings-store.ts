/**
 * The till's settings in a JSON file, replaced atomically (write a temp file, rename) so a
 * power cut leaves the old file or the new one, never half of one. The API key is not here.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Language, SettingsPatch, TillIdentity } from '../../../shared/bridge/api.js';

export interface Settings {
  readonly serviceUrl: string;
  readonly till: TillIdentity;
  readonly language: Language;
}

export const DEFAULT_SETTINGS: Settings = {
  serviceUrl: '',
  till: { kasm: 1, akas: 'KAS1', numprro: '' },
  language: 'uk',
};

export class SettingsStore {
  private current: Settings;

  constructor(private readonly file: string) {
    this.current = existsSync(file)
      ? merge(DEFAULT_SETTINGS, JSON.parse(readFileSync(file, 'utf8')) as SettingsPatch)
      : DEFAULT_SETTINGS;
  }

  get(): Settings {
    return this.current;
  }

  update(patch: SettingsPatch): Settings {
    this.current = merge(this.current, patch);
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.current, null, 2)}\n`);
    renameSync(tmp, this.file);
    return this.current;
  }
}

function merge(base: Settings, patch: SettingsPatch): Settings {
  return {
    serviceUrl: patch.serviceUrl ?? base.serviceUrl,
    till: { ...base.till, ...(patch.till ?? {}) },
    language: patch.language ?? base.language,
  };
}
