/**
 * The Windows installer cannot be built here (electron-builder downloads Electron and NSIS), so
 * this holds its configuration instead: the settings a till depends on, the files it points at,
 * and electron-builder's own loader and schema check, which run offline.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIN_BUNDLE, PRELOAD_BUNDLE, ROOT } from './bundle.js';
import { ICO_SIZES, ico } from './icon.js';

const CONFIG_PATH = 'build/electron-builder.json';
const config = JSON.parse(readFileSync(join(ROOT, CONFIG_PATH), 'utf8'));

/** electron-builder's internals, resolved the way electron-builder itself resolves them. */
const builderRequire = createRequire(createRequire(import.meta.url).resolve('electron-builder/package.json'));
const { getConfig, validateConfiguration } = builderRequire('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string, fromOptions: null): Promise<Record<string, unknown>>;
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
};
const { DebugLogger } = builderRequire('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

describe('the electron-builder configuration', () => {
  it('is loaded and accepted by electron-builder’s own loader and schema', async () => {
    const loaded = await getConfig(ROOT, join(ROOT, CONFIG_PATH), null);
    await expect(validateConfiguration(loaded, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('would be refused by that schema if it were wrong, so the check above means something', async () => {
    const broken = { ...config, nsis: { ...config.nsis, perMachine: 'yes' } };
    await expect(validateConfiguration(broken, new DebugLogger(false))).rejects.toThrow(/configuration/i);
  });

  it('publishes updates to the generic server the chain names at build time (CASHDESK_UPDATE_URL)', () => {
    // electron-builder then writes latest.yml beside the installer and app-update.yml into it (electron/main/updates.ts).
    expect(config.publish).toEqual([{ provider: 'generic', url: '${env.CASHDESK_UPDATE_URL}' }]);
  });

  it('builds a per-machine NSIS installer for 64-bit Windows with a choice of folder', () => {
    expect(config.appId).toBe('ua.cashdesk.app');
    expect(config.productName).toBe('Cashdesk');
    expect(config.win.target).toEqual([{ target: 'nsis', arch: ['x64'] }]);
    expect(config.nsis).toMatchObject({ perMachine: true, oneClick: false, allowToChangeInstallationDirectory: true });
  });

  it('never deletes app data on uninstall: the outbox may hold sales not yet sent', () => {
    expect(config.nsis.deleteAppDataOnUninstall).toBe(false);
  });

  it('sets the fuses that shut Node-level back doors and check the archive', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('rebuilds better-sqlite3 for Electron from source and keeps it outside the archive', () => {
    expect(config.npmRebuild).toBe(true);
    expect(config.buildDependenciesFromSource).toBe(true);
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**');
    expect(config.asarUnpack).toContain('node_modules/@serialport/bindings-cpp/**');
  });

  it("keeps serialport's native part (the card terminal's serial link) outside the archive", () => {
    expect(config.asarUnpack).toContain('node_modules/@serialport/bindings-cpp/**');
  });

  it('starts the bundle that build/bundle.ts writes, and packs both bundles', () => {
    expect(config.extraMetadata.main).toBe(MAIN_BUNDLE.outfile);
    for (const out of [MAIN_BUNDLE.outfile, PRELOAD_BUNDLE.outfile]) expect(out).toMatch(/^dist\/electron\/[^/]+\.cjs$/);
    expect(config.files).toEqual(expect.arrayContaining(['dist/electron/**', 'dist/renderer/**', 'package.json']));
  });

  it('points at an icon that exists and has the 256 px image Windows installers need', () => {
    for (const path of [config.win.icon, config.nsis.installerIcon, config.nsis.uninstallerIcon])
      expect(existsSync(join(ROOT, path)), path).toBe(true);
    const file = readFileSync(join(ROOT, config.win.icon));
    expect(file.readUInt16LE(2)).toBe(1);
    const widths = Array.from({ length: file.readUInt16LE(4) }, (_, i) => file.readUInt8(6 + 16 * i) || 256);
    expect(widths).toEqual([...ICO_SIZES]);
  });

  it('has the committed icon that build/icon.ts draws', () => {
    expect(readFileSync(join(ROOT, 'build', 'icon.ico')).equals(ico())).toBe(true);
  });

  it('is the one `npm run dist:win` uses', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts['dist:win']).toContain(`--config ${CONFIG_PATH}`);
    expect(pkg.scripts['dist:win']).toContain('--win nsis');
  });
});
