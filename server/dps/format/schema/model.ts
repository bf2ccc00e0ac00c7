/**
 * The shape of a compiled DPS schema: what generate.ts writes into model.generated.ts from the
 * vendored XSDs and what check.ts validates against. Only the XSD subset the DPS schemas use has
 * a shape here; compile.ts refuses everything else, so nothing is silently left unchecked.
 */

/** The document kinds the DPS schemas describe, by root element. */
export type DpsRoot = 'CHECK' | 'ZREP' | 'TICKET';

/** The XSD built-in types the DPS schemas use. In the model their names are `xs:<name>`. */
export const BUILTINS = ['string', 'boolean', 'decimal', 'integer', 'int', 'nonNegativeInteger', 'positiveInteger'] as const;
export type Builtin = (typeof BUILTINS)[number];

export interface Pattern {
  /** As written in the XSD, for messages and review. */
  readonly xsd: string;
  /** The same pattern as an anchored JavaScript regular expression, for the `u` flag. */
  readonly js: string;
}

/** A built-in, or a restriction of one. */
export interface SimpleType {
  readonly kind: 'simple';
  readonly base: Builtin;
  readonly length?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** Lexical forms of the base type. */
  readonly minInclusive?: string;
  readonly maxInclusive?: string;
  /** The value must match one of them (XSD: patterns of one restriction are alternatives). */
  readonly patterns?: readonly Pattern[];
}

export type MaxOccurs = number | 'unbounded';

export interface ElementParticle {
  readonly kind: 'element';
  readonly name: string;
  /** A key of `Schema.types`. */
  readonly type: string;
  readonly min: number;
  readonly max: MaxOccurs;
}

export interface GroupParticle {
  readonly kind: 'sequence' | 'choice';
  readonly items: readonly Particle[];
  readonly min: number;
  readonly max: MaxOccurs;
}

export type Particle = ElementParticle | GroupParticle;

export interface AttributeDecl {
  readonly name: string;
  /** A key of `Schema.types` naming a simple type. */
  readonly type: string;
  readonly required: boolean;
}

/** Element-only content. */
export interface ComplexType {
  readonly kind: 'complex';
  readonly content: GroupParticle;
  readonly attributes: readonly AttributeDecl[];
}

/** Text of a simple type, with attributes (xs:simpleContent/xs:extension). */
export interface SimpleContentType {
  readonly kind: 'simpleContent';
  /** A key of `Schema.types` naming a simple type. */
  readonly value: string;
  readonly attributes: readonly AttributeDecl[];
}

export type TypeDef = SimpleType | ComplexType | SimpleContentType;

export interface Schema {
  /** The one global element. */
  readonly root: { readonly name: string; readonly type: string };
  /** Named types in schema order, then the built-ins used, as `xs:<name>`. */
  readonly types: Readonly<Record<string, TypeDef>>;
}
