/** The scale's tests use the same socat pty pair as the terminal's (one end the till, one the scale). */
export { hasSocat, type PtyPair, ptyPair } from '../../terminal/testing/pty-pair.js';
