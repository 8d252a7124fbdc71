import { hookTrigger } from './hook';

export const clientCreated = hookTrigger('client.created');
