/** The renderer's one door to the main process. */
export { BridgeError } from '../../shared/bridge/errors.js';
export { getBridge } from './get-bridge.js';
