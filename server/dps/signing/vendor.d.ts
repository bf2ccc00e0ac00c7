/**
 * The parts of jkurwa 1.21 and gost89 0.1.11 (DSTU 4145, GOST 34.311, key containers) this
 * project uses. Neither ships types; these are written from their sources. Only dstu.ts imports
 * them, so the rest of the code sees the project's own types.
 */
declare module 'jkurwa' {
  export interface Algos {
    hash(data: Buffer): Buffer;
  }
  export interface Curve {
    keygen(): Priv;
    name(): string;
    readonly m: number;
  }
  export interface Pub {
    verify(hash: Buffer, signature: Buffer, fmt?: 'le' | 'short'): boolean;
    keyid(algos: Algos): Buffer;
    serialize(): Buffer;
  }
  export interface Priv {
    readonly type: 'Priv';
    readonly curve: Curve;
    readonly algorithm: string;
    sign(hash: Buffer, fmt: 'le'): Buffer;
    pub(): Pub;
    to_asn1(): Buffer;
  }
  export interface CertificateModel {
    readonly subject: Record<string, string>;
    readonly issuer: Record<string, string>;
    readonly valid: { readonly from: number; readonly to: number };
    readonly serial: { toString(radix: number): string };
    readonly pubkeyAlgorithm: string;
    readonly extension: {
      readonly ipn: Record<string, string> | null;
      readonly subjectKeyIdentifier: Buffer | null;
      readonly authorityKeyIdentifier: Buffer | null;
      readonly keyUsage?: Buffer;
      readonly basicConstraints?: Buffer;
    };
    readonly ob: { tbsCertificate: Record<string, unknown> };
    canUseFor(op: 'sign' | 'encrypt' | 'ca'): boolean;
    pubkey_unpack(): Pub;
    as_asn1(): Buffer;
  }
  export const Certificate: {
    from_asn1(data: Buffer): CertificateModel;
    createTBS(
      opts: Record<string, unknown>,
    ): { extensions: { extnID: string; extnValue: Buffer; critical?: boolean }[] } & Record<string, unknown>;
    encodeTBS(tbs: unknown): Buffer;
  };
  export const Priv: {
    from_protected(data: Buffer, password: string, algo: unknown): { keys: Priv[]; certs: Buffer[] };
    from_asn1(data: Buffer, returnStore?: boolean): Priv;
  };
  export class Box {
    constructor(opts: { algo: unknown });
    load(info: { keyBuffers?: Buffer[]; certBuffers?: Buffer[]; password?: string }): void;
    readonly keys: { priv: Priv; cert: CertificateModel | null; keyid: string }[];
  }
  export function std_curve(name: string): Curve;
  export function guess_parse(data: Buffer): unknown;
  const jk: {
    Certificate: typeof Certificate;
    Priv: typeof Priv;
    Box: typeof Box;
    std_curve: typeof std_curve;
    guess_parse: typeof guess_parse;
  };
  export default jk;
}

declare module 'gost89' {
  const gost89: {
    compat: {
      algos(): import('jkurwa').Algos & {
        storesave(
          raw: Buffer,
          format: 'PBES2',
          password: string,
          iv: Buffer,
          salt: Buffer,
        ): {
          iv: Buffer;
          salt: Buffer;
          iters: number;
          body: Buffer;
          sbox: Buffer;
        };
      };
    };
  };
  export default gost89;
}
