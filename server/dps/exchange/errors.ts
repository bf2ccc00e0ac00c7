/**
 * What the exchange refuses before anything goes out, thrown rather than answered as an outcome:
 * neither is the tax server's word, so neither may take a register offline ("unreachable") or
 * block its chain for a manager ("rejected"). The caller leaves the documents queued and tries
 * again once the cause is gone. Neither message carries a key, a password or a document.
 */

/** The register has no unlocked key: nothing can be signed for it (a package, a query), so nothing is sent. */
export class NoKeyError extends Error {
  constructor(readonly numprro: string) {
    super(`Ключ КЕП для ПРРО ${numprro} не відкрито: документи цього ПРРО не надсилаються, доки ключ не відкриють`);
    this.name = 'NoKeyError';
  }
}

/** A document handed over unsigned: the real server takes only CMS SignedData (requiresSignature). */
export class NotSignedError extends Error {
  constructor(
    readonly numprro: string,
    readonly localNum: number,
  ) {
    super(`Документ № ${localNum} ПРРО ${numprro} не підписано КЕП: податковий сервер приймає лише підписані документи`);
    this.name = 'NotSignedError';
  }
}
