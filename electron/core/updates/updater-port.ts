/**
 * What the desk needs of an updater: electron-updater's autoUpdater in the app
 * (electron/main/updates.ts), the same library with a test app adapter in the tests.
 */
export interface UpdaterPort {
  /** Asks the update server; the version it offers when it is not this one (a newer, or an older for a rollback). */
  check(): Promise<string | null>;
  /** Downloads the offered installer and checks it (its sha512 from the metadata, and its signature on Windows). */
  download(): Promise<void>;
  /** Quits and runs the downloaded installer, which starts the till again. */
  install(): void;
}
