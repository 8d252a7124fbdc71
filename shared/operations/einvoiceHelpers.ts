/**
 * The sandbox IRP's public key and its planted failure (docs/api-contract.md, "The IRN, acknowledgement and signed
 * QR" and "The IRP's rules"): the key anyone verifies a signed QR with, offline; the account's next report made to
 * fail with one of the IRP's codes, as a send can be.
 */
import { z } from 'zod';
import { PLANTABLE_IRP_ERRORS } from '../gst';
import { oneOf } from '../schemas/primitives';
import { defineOperation, read } from './define';

export const irpPublicKeySchema = z
  .object({ object: z.literal('irp_public_key'), alg: z.string(), kid: z.string(), pem: z.string() })
  .passthrough();

export const getIrpPublicKey = defineOperation({
  method: 'GET',
  path: '/einvoice/public_key',
  status: 200,
  contract: 'the-irn-acknowledgement-and-signed-qr',
  response: irpPublicKeySchema,
  input: z.object({}).strict(),
  result: (body) => read(irpPublicKeySchema, body),
  sample: {
    object: 'irp_public_key' as const,
    alg: 'RS256',
    kid: '9f2d7c3a6e0b4f8d',
    pem: '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA…\n-----END PUBLIC KEY-----\n',
  },
});

export const simulateEInvoiceFailureInputSchema = z.object({ error_code: oneOf(PLANTABLE_IRP_ERRORS) }).strict();

const plantedSchema = z.object({ object: z.literal('planted_irp_failure'), error_code: z.string() }).passthrough();

export const simulateEInvoiceFailure = defineOperation({
  method: 'POST',
  path: '/test_helpers/einvoices/fail_next',
  status: 200,
  contract: 'the-irps-rules',
  response: plantedSchema,
  input: simulateEInvoiceFailureInputSchema,
  result: (body) => read(plantedSchema, body),
  sample: { object: 'planted_irp_failure' as const, error_code: '3029' },
});
