import { operations } from '../../../shared';
import { searchAction } from '../action';

export const findPayment = searchAction(operations.findPayment, {
  key: 'find_payment',
  noun: 'Payment',
  label: 'Find Payment',
  description: 'Finds a payment by its UPI reference (UTR) or its bank reference, as a bank statement line shows it.',
  input: (inputData) => ({ utr: inputData.utr, reference: inputData.reference }),
});
