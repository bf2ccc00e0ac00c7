/**
 * One bridge call at the trust boundary, for both transports (IPC and the browser host): the
 * message must be one of ours, its arguments pass checkBridgeArgs, and the answer is a plain
 * envelope. An envelope rather than a thrown error because Electron's IPC and contextBridge
 * keep only an error's message, and the interface needs the code and the issue paths.
 */
import { BRIDGE_MESSAGES, type BridgeMessage, type CashdeskApi } from '../../shared/bridge/api.js';
import { BridgeError } from '../../shared/bridge/errors.js';
import type { BridgeFailure, BridgeReply } from '../../shared/bridge/reply.js';
import { checkBridgeArgs } from '../../shared/bridge/validate.js';
import type { ErrorDetail } from '../../shared/contract/index.js';
import { isStorageFailure } from '../../shared-node/storage-failure.js';

// The envelope is the bridge's contract (shared/bridge/reply.ts); re-exported for the host and preload.
export type { BridgeFailure, BridgeReply } from '../../shared/bridge/reply.js';

const isBridgeMessage = (name: unknown): name is BridgeMessage =>
  typeof name === 'string' && (BRIDGE_MESSAGES as readonly string[]).includes(name);

export const failure = (code: BridgeFailure['code'], message: string, details: readonly ErrorDetail[] = []): BridgeReply => ({
  ok: false,
  error: { code, message, details },
});

/** Told about faults that the renderer only sees as INTERNAL; `what` names the call that failed. */
export type FaultLog = (what: string, error: unknown) => void;

export async function dispatchBridge(api: CashdeskApi, message: string, args: unknown, logFault: FaultLog): Promise<BridgeReply> {
  if (!isBridgeMessage(message)) return failure('UNKNOWN_MESSAGE', 'the bridge has no such message');
  if (!Array.isArray(args))
    return failure('BAD_ARGUMENTS', `the arguments of ${message} must be a list`, [
      { path: 'args', problem: 'must be an array' },
    ]);
  const check = checkBridgeArgs(message, args);
  if (!check.ok) return failure('BAD_ARGUMENTS', `the arguments of ${message} are not valid`, check.issues);
  const fn = api[message] as (...a: unknown[]) => Promise<unknown>;
  try {
    return { ok: true, value: await fn.apply(api, check.args) };
  } catch (err) {
    // A BridgeError is the core refusing on purpose, in words meant for the interface.
    if (err instanceof BridgeError) return failure(err.code, err.message, err.details);
    logFault(message, err);
    // Any of the till's own files the disk refused (a setting, a queue change): SQLite rolled the
    // change back, a file is replaced only once written, so nothing changed, and a person can act.
    if (isStorageFailure(err)) {
      return failure(
        'NOT_SAVED',
        'the cash desk could not store this: its disk is full or failing. Nothing was changed; free space, then do it again',
      );
    }
    return failure('INTERNAL', 'the cash desk could not do that because of an internal fault; it is in the log');
  }
}
