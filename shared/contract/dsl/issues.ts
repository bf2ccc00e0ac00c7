/**
 * Why a request does not match its contract, as data: the validator, the envelope check and the
 * gateway's own refusals each name one of these reasons with its values, beside the English
 * `problem` sentence (the same template filled in). A client words the reason in its own language
 * (the cash desk does, in Ukrainian and English); the business refusals of the back office are the
 * other catalogue (refusals.ts). Keys never collide with those: they start with these areas.
 */
import { fillTemplate } from './template.js';

export const ISSUES = {
  'param.not_object': 'must be an object, got {type}',
  'param.unknown_member': 'is not a member of this contract',
  'param.required': 'is required',
  'param.string': 'must be a string, got {type}',
  'param.integer': 'must be an integer, got {type}',
  'param.int_range': 'must be between {min} and {max}',
  'param.bool': 'must be true or false, got {type}',
  'param.too_long': 'must be at most {max} characters',
  'param.too_short': 'must be at least {min} characters',
  'param.too_short_one': 'must be at least 1 character',
  'param.control_chars': 'must not contain control characters',
  'param.enum': 'must be one of {values}',
  'param.array': 'must be an array, got {type}',
  'param.array_size': 'must have {min} to {max} items, got {count}',
  'param.not_unique': 'repeats item {first}; items must be unique',
  'format.date': 'must be a calendar date YYYY-MM-DD',
  'format.date_time': 'must be an ISO 8601 date-time with a time-zone offset',
  'format.byte': 'must be base64',
  'format.sha256': 'must be a SHA-256 hash of 64 hexadecimal characters',
  'format.phone': 'must be a telephone number (5 to 15 digits, optional +)',
  'format.year4': 'must be a year of exactly four digits',
  'format.digits': 'must contain digits only',
  'decimal.string': 'must be a decimal string, got {type}',
  'decimal.syntax': 'must be a decimal string with a dot separator, e.g. "12.50"',
  'decimal.syntax_comma': 'must be a decimal number: optional minus, digits, optional fraction after a dot or comma',
  'decimal.negative': 'must not be negative',
  'decimal.int_digits': 'must have at most {digits} integer digits',
  'decimal.places': 'must have at most {places} decimal places',
  'decimal.min': 'must be at least {min}',
  'decimal.min_exclusive': 'must be greater than {min}',
  'decimal.max': 'must be at most {max}',
  'envelope.body': 'the body must be a JSON object {method, params, id}',
  'envelope.member': 'is not a member of the envelope',
  'envelope.method': 'is required and must be a string',
  'envelope.params_missing': 'is required (send {} when there are none)',
  'envelope.params_type': 'must be an object (or [] for operations without parameters)',
  'envelope.id': 'must be a string of at most {max} characters, an integer or null',
  'gateway.unknown_method': 'is not an operation of this service',
  'gateway.scope': '{scope} is required',
} as const satisfies Record<string, string>;

export type IssueReason = keyof typeof ISSUES;

export const isIssueReason = (s: unknown): s is IssueReason => typeof s === 'string' && Object.hasOwn(ISSUES, s);

/** An issue's reason and the values its sentence carries, every value a string. */
export interface IssueWords {
  readonly reason: IssueReason;
  readonly values: Readonly<Record<string, string>>;
}

export const issueWords = (reason: IssueReason, values: Readonly<Record<string, string | number>> = {}): IssueWords => ({
  reason,
  values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
});

export const issueText = (w: IssueWords): string => fillTemplate(ISSUES[w.reason], w.values);
