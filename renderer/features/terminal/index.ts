/** The bank card terminal in the interface: its settings section and its state in the status bar. */
export { TerminalSection } from './TerminalSection.js';
export { TerminalStatus } from './TerminalStatus.js';
