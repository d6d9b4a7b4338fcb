import { hash, verify } from "@node-rs/argon2";

/**
 * Argon2id with OWASP's recommended minimum (19 MiB of memory, 2 passes, 1 lane): stronger per
 * guess than Better Auth's default scrypt settings, and about 30 ms a hash here.
 */
// 2 is Algorithm.Argon2id, a const enum that erasable TypeScript cannot import.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}) {
  if (!stored.startsWith("$argon2")) return false;
  return verify(stored, password);
}
