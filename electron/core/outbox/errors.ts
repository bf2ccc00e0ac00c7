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
