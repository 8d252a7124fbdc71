import { operations } from '../../../shared';
import { searchAction } from '../action';

export const findRefund = searchAction(operations.findRefund, {
  key: 'find_refund',
  noun: 'Refund',
  label: 'Find Refund',
  description: 'Finds a refund by its UPI reference (UTR) or its bank reference, as a bank statement line shows it.',
  input: (inputData) => ({ utr: inputData.utr, reference: inputData.reference }),
});
