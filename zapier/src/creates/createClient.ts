import { clientInputFromFields, operations } from '../../../shared';
import { createAction } from '../action';

export const createClient = createAction(operations.createClient, {
  key: 'create_client',
  noun: 'Client',
  label: 'Create Client',
  description: 'Creates a client with contact details, a WhatsApp number and a billing address.',
  input: clientInputFromFields,
});
