/**
 * Who an invoice is from and to, as its documents print them: the supplier's and the recipient's names and
 * postal addresses (CGST Rules 2017 rule 46(a) and (e)). An invoice keeps them as they were when it was
 * issued (contract: "The supplier's GSTIN and address"), in its stored document under ISSUED_PARTIES, which
 * no answer shows (invoiceStanding.ts drops it); an invoice stored before then prints the current ones.
 */
import type { Account, Client, Invoice } from '../../shared';

type Address = NonNullable<Account['address']>;

export const ISSUED_PARTIES = 'issued_parties';

/** A party as printed: its name, then its address and contact lines. */
export interface Party {
  name: string;
  lines: string[];
}

export interface InvoiceParties {
  supplier: Party;
  recipient: Party;
}

export type StoredInvoice = Invoice & { [ISSUED_PARTIES]?: InvoiceParties };

const REGION = new Intl.DisplayNames(['en'], { type: 'region' });

/** "12 MG Road", "Floor 3", "Pune, Maharashtra 411001", "India": as Indian addresses are written. */
export function addressLines(address: Address | null | undefined): string[] {
  if (!address) return [];
  const place = [address.city, address.state].filter(Boolean).join(', ');
  return [
    address.line1,
    address.line2 ?? '',
    `${place} ${address.postal_code}`.trim(),
    REGION.of(address.country.toUpperCase()) ?? address.country,
  ].filter(Boolean);
}

/** The parties as they are now: the account as supplier, the client (or its e-mail alone) as recipient. */
export function partiesNow(account: Account, client: Client | undefined, clientEmail: string): InvoiceParties {
  const named = [client?.name, client?.company].filter((text): text is string => Boolean(text));
  return {
    supplier: { name: account.name, lines: addressLines(account.address) },
    recipient: {
      name: named[0] ?? clientEmail,
      lines: [...named.slice(1), ...addressLines(client?.address), ...(named.length ? [clientEmail] : [])],
    },
  };
}

/** The parties the invoice was issued with (or, for one stored before they were kept, the current ones). */
export const invoiceParties = (stored: Invoice, account: Account, client: Client | undefined): InvoiceParties =>
  (stored as StoredInvoice)[ISSUED_PARTIES] ?? partiesNow(account, client, stored.client_email);
