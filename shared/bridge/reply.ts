/**
 * The bridge's envelope: what one call answers over either transport (Electron's IPC and the
 * browser host's HTTP). Written once here because both ends read it: the host builds it
 * (electron/transport/dispatch.ts) and the page unwraps it (electron/preload, renderer/bridge).
 * An envelope rather than a thrown error because IPC and contextBridge keep only an error's
 * message, and the interface needs the code and the issue paths.
 */
import type { ErrorDetail } from '../contract/index.js';
import type { BridgeError } from './errors.js';

export interface BridgeFailure {
  readonly code: BridgeError['code'];
  readonly message: string;
  readonly details: readonly ErrorDetail[];
}

export type BridgeReply = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: BridgeFailure };
