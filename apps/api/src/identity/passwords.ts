/** Password hashing with argon2id at OWASP's recommended parameters (Password Storage Cheat Sheet). */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** @returns the PHC string ($argon2id$...) to store */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** @returns true when the password matches the stored PHC string; false for a malformed hash */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password');
  return dummy;
}
