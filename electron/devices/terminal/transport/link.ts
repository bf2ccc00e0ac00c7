/**
 * A byte link to the terminal, whatever carries it (TCP or a serial port): the client frames
 * messages over it (protocol/codec.ts) and never knows which it is.
 */
export interface Link {
  write(bytes: Buffer): Promise<void>;
  /** Bytes as they arrive, in whatever pieces the link delivers them. */
  onData(listener: (bytes: Buffer) => void): void;
  /** Called once when the link is lost or closed, with the reason when it was lost. */
  onClose(listener: (error?: Error) => void): void;
  close(): Promise<void>;
}

export interface Transport {
  /** Opens a new link; refused (rejects) within the transport's own connect time. */
  open(): Promise<Link>;
  /** For logs and the settings' test: "tcp 10.0.0.5:2000", "serial /dev/ttyUSB0 115200". */
  readonly describe: string;
}

/** The link was lost, or could not be opened: the terminal's answer, if any, never reached the till. */
export class LinkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LinkError';
  }
}
