/** GST: the data and rules an Indian tax invoice follows (contract: "GST tax invoices"). */
export * from './states';
export * from './gstin';
export * from './rates';
export * from './hsn';
export * from './quantity';
export * from './tax';
export * from './inputs';
export * from './notes';
export * from './uqc';
export * from './gstr1Schema';
export * from './gstr1';
export * from './einvoiceSchema';
export * from './einvoice';
export * from './irpSignature';
