/**
 * The `upi://pay` link of an invoice, as NPCI's UPI Linking Specification (version 1.6) defines the
 * deep link and the QR every UPI app reads: `pa` payee VPA, `pn` payee name, `am` amount in rupees with
 * two decimals, `cu` currency (INR only), `tn` transaction note. Values are percent-encoded (RFC 3986,
 * encodeURIComponent: a space is %20, not the + some UPI apps would show as it is).
 */
import { currencyExponent } from './money';
import { VOID } from './schemas/resources';

export interface UpiPayee {
  upi_vpa?: string | null;
  name: string;
}
export interface UpiPayable {
  currency: string;
  amount_remaining: number;
  number: string;
  status: string;
}

/** The rupee amount of a whole number of paise, exactly ("150000" → "1500.00"). */
function rupees(paise: number): string {
  const text = String(paise).padStart(currencyExponent('INR') + 1, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** The link, or null when UPI cannot pay the invoice (not INR, nothing owed, void, no payee VPA). */
export function upiPayLink(payee: UpiPayee, invoice: UpiPayable): string | null {
  if (!payee.upi_vpa || invoice.currency !== 'INR' || invoice.amount_remaining <= 0 || invoice.status === VOID)
    return null;
  const parts: Array<[string, string]> = [
    ['pa', payee.upi_vpa],
    ['pn', payee.name],
    ['am', rupees(invoice.amount_remaining)],
    ['cu', 'INR'],
    ['tn', invoice.number],
  ];
  return `upi://pay?${parts.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}
