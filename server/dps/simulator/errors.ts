/**
 * The fiscal server's error codes and the text it answers with: "Код помилки: <n> <Name>" and a
 * description on the next line (DPS API description, "Коди помилок").
 */
export const FS_ERRORS = {
  1: 'TransactionsRegistrarAbsent',
  2: 'OperatorAccessToTransactionsRegistrarNotGranted',
  3: 'InvalidTin',
  4: 'ShiftAlreadyOpened',
  5: 'ShiftNotOpened',
  6: 'LastDocumentMustBeZRep',
  7: 'CheckLocalNumberInvalid',
  8: 'ZRepAlreadyRegistered',
  9: 'DocumentValidationError',
  10: 'PackageValidationError',
  11: 'InvalidQueryParameter',
  12: 'CryptographyError',
} as const;

export type FsErrorCode = keyof typeof FS_ERRORS;

export class FsError extends Error {
  constructor(
    readonly code: FsErrorCode,
    readonly description: string,
  ) {
    super(`Код помилки: ${code} ${FS_ERRORS[code]}\n${description}`);
    this.name = 'FsError';
  }
}
