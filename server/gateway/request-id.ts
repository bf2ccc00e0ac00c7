/**
 * Request ids: a random per-process prefix and a counter. Unique without asking the OS for
 * randomness on every request (that alone cost a tenth of the gateway's time per ping).
 */
import { randomBytes } from 'node:crypto';

const ID_PREFIX = randomBytes(6).toString('hex');
let idCounter = 0;
export const newRequestId = (): string => `req_${ID_PREFIX}${(idCounter++ % 0x1000000000000).toString(16).padStart(12, '0')}`;
