import { hookTrigger } from './hook';

export const productUpdated = hookTrigger('product.updated');
