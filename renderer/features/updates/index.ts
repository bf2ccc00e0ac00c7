/** The till's update as the status bar shows it (electron/core/updates decides when). */
export { UpdateStatus } from './UpdateStatus.js';
