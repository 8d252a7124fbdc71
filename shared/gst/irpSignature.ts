/**
 * Reading the IRP's signed QR and signed invoice (contract: "The IRN, acknowledgement and signed QR"): a compact
 * JWS (RFC 7515) signed RS256, verified with the IRP's published public key, so anyone can check a QR offline.
 */
import { createPublicKey, verify } from 'node:crypto';

export const IRP_SIGNING_ALGORITHM = 'RS256';

const decode = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/** The JWS's payload when its RS256 signature holds under `publicKeyPem`; undefined otherwise. */
export function verifyIrpJws(jws: string, publicKeyPem: string): Record<string, unknown> | undefined {
  const parts = jws.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts;
  try {
    if ((decode(header) as { alg?: string }).alg !== IRP_SIGNING_ALGORITHM) return undefined;
    const key = createPublicKey(publicKeyPem);
    const holds = verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'));
    return holds ? (decode(payload) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
