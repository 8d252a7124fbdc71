import { operations } from '../../../shared';
import { searchAction } from '../action';

export const findClient = searchAction(operations.findClient, {
  key: 'find_client',
  noun: 'Client',
  label: 'Find Client',
  description: 'Finds a client by e-mail address.',
  input: (inputData) => ({ email: inputData.email }),
});
