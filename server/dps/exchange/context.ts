/** What the exchange's parts share: the connection, the commands over it, whose signatures a ticket must bear, the keys. */
import type { KeyProvider } from '../port.js';
import type { Signer } from '../signing/cms.js';
import type { CommandClient } from './commands.js';
import { NoKeyError } from './errors.js';
import type { ServerTrust } from './ticket-check.js';
import type { Transport } from './transport.js';

export interface ExchangeContext {
  readonly transport: Transport;
  readonly commands: CommandClient;
  readonly server: ServerTrust;
  readonly keys: KeyProvider;
  readonly now: () => Date;
}

/** The register's signer; NoKeyError before anything goes out where it has none. */
export function signerOf(ctx: ExchangeContext, numprro: string): Signer {
  const signer = ctx.keys.signerFor(numprro);
  if (!signer) throw new NoKeyError(numprro);
  return signer;
}

export const OCTETS = 'application/octet-stream';
