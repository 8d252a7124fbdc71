import { hookTrigger } from './hook';

export const productCreated = hookTrigger('product.created');
