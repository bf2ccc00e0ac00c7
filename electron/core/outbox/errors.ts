/** Why a person's action on a queue item was not done; the bridge turns it into a message. */
export type QueueItemProblem = 'not_found' | 'wrong_state' | 'no_note';

export class QueueItemError extends Error {
  override readonly name = 'QueueItemError';
  constructor(
    readonly problem: QueueItemProblem,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A write the outbox could not store (the disk is full or failing): it does not exist for the desk,
 * no key was kept for it and nothing was sent, so whoever asked must not be told it was saved.
 */
export class NotStoredError extends Error {
  override readonly name = 'NotStoredError';
  constructor(readonly reason: unknown) {
    super(`the write was not stored: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}
