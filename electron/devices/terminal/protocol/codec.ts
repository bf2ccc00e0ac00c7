/**
 * The link layer of the PrivatBank JSON ECR protocol: every message is a UTF-8 JSON object ended
 * by one 0x00 byte, the same over TCP and a serial port. A stream gives no message boundaries of
 * its own: one read may carry half a message or three, so the decoder keeps what it has until the
 * next 0x00. Some terminals also put a 0x00 before a message (the handshake's form in the
 * integrator document); an empty frame is therefore skipped, not an error.
 */

export const FRAME_END = 0x00;
/**
 * The longest message the till takes. A terminal's answers are a few kilobytes (an Audit with its
 * receipt text the largest); anything longer is a broken or hostile peer, and the buffer must not
 * grow without bound while it waits for a 0x00 that never comes.
 */
export const MAX_FRAME_BYTES = 256 * 1024;

export type Message = Readonly<Record<string, unknown>>;

/** A message as its bytes on the wire: JSON, UTF-8, then 0x00. */
export function encodeFrame(message: Message): Buffer {
  return Buffer.concat([Buffer.from(JSON.stringify(message), 'utf8'), Buffer.from([FRAME_END])]);
}

export class FrameError extends Error {
  constructor(
    message: string,
    readonly frame: string,
  ) {
    super(message);
    this.name = 'FrameError';
  }
}

/** One decoded frame: a message, or what could not be read as one (said, never thrown away silently). */
export type Frame =
  | { readonly kind: 'message'; readonly message: Message }
  | { readonly kind: 'bad'; readonly error: FrameError };

export class FrameDecoder {
  private chunks: Buffer[] = [];
  private length = 0;

  /** The frames completed by these bytes, in order; an unfinished one is kept for the next push. */
  push(bytes: Buffer): Frame[] {
    const frames: Frame[] = [];
    let start = 0;
    for (let end = bytes.indexOf(FRAME_END, start); end !== -1; end = bytes.indexOf(FRAME_END, start)) {
      const body = this.take(bytes.subarray(start, end));
      start = end + 1;
      if (body.length > 0) frames.push(readFrame(body));
    }
    const rest = bytes.subarray(start);
    if (rest.length > 0) {
      if (this.length + rest.length > MAX_FRAME_BYTES) {
        const error = new FrameError(`a message longer than ${MAX_FRAME_BYTES} bytes without its 0x00 end`, '');
        this.reset();
        frames.push({ kind: 'bad', error });
      } else {
        this.chunks.push(Buffer.from(rest));
        this.length += rest.length;
      }
    }
    return frames;
  }

  /** Forgets a half-received message: after the link was lost, its rest never comes. */
  reset(): void {
    this.chunks = [];
    this.length = 0;
  }

  private take(tail: Buffer): Buffer {
    if (this.length === 0) return tail;
    const whole = Buffer.concat([...this.chunks, tail]);
    this.reset();
    return whole;
  }
}

function readFrame(body: Buffer): Frame {
  const text = body.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'bad', error: new FrameError('not JSON', text.slice(0, 200)) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { kind: 'bad', error: new FrameError('not a JSON object', text.slice(0, 200)) };
  return { kind: 'message', message: value as Message };
}
