/** IPC channel names of the bridge, shared by ipcMain handlers and the preload (kept tiny: the preload bundles it). */
import type { BridgeMessage } from '../../shared/bridge/api.js';

export const EVENT_CHANNEL = 'cashdesk:event';
export const channelOf = (message: BridgeMessage): string => `cashdesk:${message}`;
