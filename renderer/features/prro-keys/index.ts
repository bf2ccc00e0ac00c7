/**
 * The registers' signing keys (КЕП) at the till: the manager's screen, what the status bar and the
 * sale say of this till's key, and the key's step at the shift's opening.
 */
export { type KeyAuthority, useKeyAuthority } from './authority.js';
export { KeySignWait } from './components/KeySignWait.js';
export { KeyStatus } from './components/KeyStatus.js';
export { KeysScreen } from './components/KeysScreen.js';
export { ShiftKeyNote, ShiftKeyUnlock } from './components/ShiftKeyStep.js';
export { type KeyRow, needsUnlock } from './key-state.js';
export { refreshKeyStates, useTillKeyState } from './use-key-state.js';
