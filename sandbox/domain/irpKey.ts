/**
 * The sandbox IRP's own signing key (contract: "The IRN, acknowledgement and signed QR"). Generated the first time a
 * database needs it and kept in that database (0600, beside the API keys and webhook secrets it already holds), so
 * QRs signed before a restart still verify; never written to git, a log or an answer. Only its public half leaves,
 * at GET /v1/einvoice/public_key.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { IRP_SIGNING_ALGORITHM } from '../../shared';
import type { Store } from '../storage/store';

const KEY_META = 'irp_signing_key_pkcs8';

function privateKeyPem(store: Store): string {
  return store.meta(KEY_META, () =>
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
}

export function irpPublicKey(store: Store): { object: 'irp_public_key'; alg: string; kid: string; pem: string } {
  const pem = createPublicKey(privateKeyPem(store)).export({ type: 'spki', format: 'pem' }).toString();
  const kid = createHash('sha256').update(pem).digest('hex').slice(0, 16);
  return { object: 'irp_public_key', alg: IRP_SIGNING_ALGORITHM, kid, pem };
}

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS of `payload`, RS256, signed with the IRP's key. */
export function irpSign(store: Store, payload: Record<string, unknown>): string {
  const { kid } = irpPublicKey(store);
  const signingInput = `${part({ alg: IRP_SIGNING_ALGORITHM, kid, typ: 'JWT' })}.${part(payload)}`;
  const signature = sign('sha256', Buffer.from(signingInput), createPrivateKey(privateKeyPem(store)));
  return `${signingInput}.${signature.toString('base64url')}`;
}
