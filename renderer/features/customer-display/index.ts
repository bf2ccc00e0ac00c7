/** The customer display in the interface: what the sale tells it, its settings section and its state in the status bar. */
export { CustomerDisplaySection } from './CustomerDisplaySection.js';
export { CustomerDisplayStatus } from './CustomerDisplayStatus.js';
export { tellDisplay } from './tell.js';
export { useCustomerDisplay } from './use-customer-display.js';
