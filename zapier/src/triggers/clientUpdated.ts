import { hookTrigger } from './hook';

export const clientUpdated = hookTrigger('client.updated');
