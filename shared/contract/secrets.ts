/**
 * Members of the registry's parameters that hold a secret: a person's PIN (`pin`) and a register's
 * signing key's password (`password`). A secret is sent once and checked; nothing keeps it, nor
 * anything a guess could be checked against quickly (a plain hash of the params would let a
 * 4-digit PIN or a password be found from the database in moments).
 */

export const SECRET_MEMBERS = ['pin', 'password'] as const;
export type SecretMember = (typeof SECRET_MEMBERS)[number];

export const isSecretMember = (name: string): name is SecretMember => (SECRET_MEMBERS as readonly string[]).includes(name);

/** The value without its secret members, at any depth (objects, lists of objects). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([k]) => !isSecretMember(k))
      .map(([k, v]) => [k, withoutSecrets(v)]),
  );
}
