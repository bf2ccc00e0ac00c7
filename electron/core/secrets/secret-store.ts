/**
 * Where the API key lives. Electron's safeStorage in the desktop app; a file readable only by
 * the user in browser mode. The key goes from here to the RPC client and nowhere else.
 */
export interface SecretStore {
  get(): Promise<string | undefined>;
  set(value: string): Promise<void>;
}
