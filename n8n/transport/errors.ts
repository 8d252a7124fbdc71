/**
 * shared's two error classes → n8n's: a refused or failed request becomes a NodeApiError, input the
 * schema rejected becomes a NodeOperationError. Both carry the item index and name the field, and
 * neither carries a key or a body the user did not see.
 */
import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';

import { ApiError, InputError } from '../../shared';

function fieldList(issues: ReadonlyArray<{ field: string; message: string }>): string | undefined {
  return issues.length ? issues.map((issue) => `${issue.field}: ${issue.message}`).join('\n') : undefined;
}

/** `itemIndex` is absent for errors outside an item (webhook lifecycle). */
export function nodeErrorFor(node: INode, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
  if (error instanceof InputError) {
    // One field's refusal is the message itself; the list under the keys says more only for several.
    const description = error.issues.length > 1 ? fieldList(error.issues) : undefined;
    return new NodeOperationError(node, error.message, { itemIndex, description });
  }
  if (error instanceof ApiError) {
    const response: JsonObject = { status: error.status, code: error.code, message: error.message };
    if (error.requestId) response.request_id = error.requestId;
    const requestNote = error.requestId ? `Request ID: ${error.requestId}` : undefined;
    return new NodeApiError(node, response, {
      message: error.message,
      description: [fieldList(error.fieldErrors), requestNote].filter(Boolean).join('\n') || undefined,
      httpCode: String(error.status),
      itemIndex,
    });
  }
  if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
  return new NodeOperationError(node, error instanceof Error ? error : String(error), { itemIndex });
}
