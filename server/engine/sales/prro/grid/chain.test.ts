import { describe, expect, it } from 'vitest';
import { type ChainDoc, checkChain } from './chain.js';

const h = (n: number) => n.toString(16).padStart(64, '0');
const doc = (localNum: number, hash: number, prev: number | null, id = `d${localNum}`, numprro = '4000211452'): ChainDoc => ({
  id,
  numprro,
  local_num: String(localNum),
  doc_hash: h(hash),
  prev_doc_hash: prev === null ? '' : h(prev),
});

describe('checkChain', () => {
  it('finds a whole chain whole', () => {
    const v = checkChain([doc(43, 43, 42), doc(44, 44, 43), doc(45, 45, 44)]);
    expect(v.get('d44')).toEqual({ kind: 'linked', previousId: 'd43' });
    expect(v.get('d45')).toEqual({ kind: 'linked', previousId: 'd44' });
    expect([...v.values()].some((x) => x.kind === 'break')).toBe(false);
  });

  it('flags a document whose previous hash is not the hash of the document before it', () => {
    const v = checkChain([doc(44, 44, 43), doc(45, 45, 99), doc(46, 46, 45)]);
    expect(v.get('d45')).toEqual({ kind: 'break', previousId: 'd44', expected: h(44) });
    expect(v.get('d46')).toEqual({ kind: 'linked', previousId: 'd45' });
    expect([...v.values()].filter((x) => x.kind === 'break')).toHaveLength(1);
  });

  it('checks in chain order, whatever order the rows come in', () => {
    const v = checkChain([doc(46, 46, 45), doc(44, 44, 43), doc(45, 45, 44)]);
    expect([...v.values()].map((x) => x.kind)).toEqual(['linked', 'unlisted', 'linked']);
  });

  it('takes the register’s first document as the start of the chain, and an earlier hash on it as a break', () => {
    expect(checkChain([doc(1, 1, null)]).get('d1')).toEqual({ kind: 'first' });
    expect(checkChain([doc(1, 1, 7)]).get('d1')).toEqual({ kind: 'break', previousId: null, expected: '' });
  });

  it('flags an empty previous hash on a later document when the document before it is listed', () => {
    expect(checkChain([doc(9, 9, 8), doc(10, 10, null)]).get('d10')).toMatchObject({ kind: 'break', expected: h(9) });
  });

  it('does not judge a document whose predecessor is not listed (fiscalized or withdrawn)', () => {
    const v = checkChain([doc(43, 43, 42), doc(45, 45, 12345)]);
    expect(v.get('d43')).toEqual({ kind: 'unlisted' });
    expect(v.get('d45')).toEqual({ kind: 'unlisted' });
  });

  it('follows a requeued document’s new hash: the document after it was re-linked, so the chain holds', () => {
    // 43 was corrected and requeued (new body, new hash 143) and rejected again; 44 was re-linked to it.
    const v = checkChain([doc(43, 143, 42), doc(44, 44, 143)]);
    expect(v.get('d44')).toEqual({ kind: 'linked', previousId: 'd43' });
  });

  it('flags a document still pointing at the hash a requeued document had before its correction', () => {
    const v = checkChain([doc(43, 143, 42), doc(44, 44, 43)]);
    expect(v.get('d44')).toEqual({ kind: 'break', previousId: 'd43', expected: h(143) });
  });

  it('compares hashes regardless of letter case', () => {
    const upper = { ...doc(44, 44, 43), prev_doc_hash: h(43).toUpperCase() };
    expect(checkChain([doc(43, 43, 42), upper]).get('d44')).toMatchObject({ kind: 'linked' });
  });

  it('checks each register on its own when the rows are of several PRROs', () => {
    const v = checkChain([
      doc(52, 52, 51, 'a52', 'A'),
      doc(52, 77, 51, 'b52', 'B'),
      doc(53, 53, 52, 'a53', 'A'),
      doc(53, 78, 52, 'b53', 'B'),
    ]);
    expect(v.get('a53')).toEqual({ kind: 'linked', previousId: 'a52' });
    expect(v.get('b53')).toEqual({ kind: 'break', previousId: 'b52', expected: h(77) });
    expect(v.get('a52')).toEqual({ kind: 'unlisted' });
  });

  it('will not judge places one register lists twice', () => {
    const v = checkChain([doc(52, 52, 51, 'a52'), doc(52, 77, 51, 'b52'), doc(53, 53, 52)]);
    expect(v.get('a52')).toEqual({ kind: 'ambiguous' });
    expect(v.get('d53')).toEqual({ kind: 'ambiguous' });
  });
});
