import { clientInputFromFields, operations } from '../../../shared';
import { createAction } from '../action';
import { clientPickerField } from '../pickers';

const { updateClient: operation } = operations;
const { client_id: clientId } = operation.fields;

export const updateClient = createAction(operation, {
  key: 'update_client',
  noun: 'Client',
  label: 'Update Client',
  description: 'Updates an existing client. Fields left empty keep their current value.',
  inputFields: { [clientId.key]: clientPickerField(clientId) },
  input: (inputData) => ({ client_id: inputData.client_id, ...clientInputFromFields(inputData) }),
});
