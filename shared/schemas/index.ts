export * from './primitives';
export * from './resources';
export * from './webhookEvents';
export * from './paymentInputs';
export * from './paymentMethods';
export * from './delivery';
export * from './refunds';
export * from './notes';
