/**
 * A mail server on 127.0.0.1 that accepts every message and keeps it: where a template's Send Email node would
 * reach the user's mail provider, the live suite points the node's SMTP credential here. Written by hand because
 * the suite needs only the plain-text SMTP dialogue (RFC 5321: no TLS, no login) and the repository declares no
 * mail server; the parsing below reads only what nodemailer (n8n's mailer) writes: one multipart message whose
 * text part is quoted-printable and whose attachments are base64.
 */
import { createServer, type Server } from 'node:net';

export interface Mail {
  from: string;
  to: string[];
  /** The message as sent: headers and body, dot-unstuffed. */
  raw: string;
}

export interface MailPart {
  headers: string;
  /** The part's body decoded from its transfer encoding. */
  content: Buffer;
  fileName?: string;
}

export class SmtpReceiver {
  readonly mails: Mail[] = [];
  private server?: Server;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((socket) => {
      socket.setEncoding('latin1');
      let buffer = '';
      let data: string[] | undefined;
      let envelope: { from: string; to: string[] } = { from: '', to: [] };
      const reply = (line: string) => socket.write(`${line}\r\n`);
      reply('220 localhost ESMTP test receiver');
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (data) {
            if (line === '.') {
              this.mails.push({ ...envelope, raw: data.join('\r\n') });
              data = undefined;
              envelope = { from: '', to: [] };
              reply('250 2.0.0 queued');
            } else data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO') reply('250-localhost\r\n250-8BITMIME\r\n250 SMTPUTF8');
          else if (verb === 'MAIL') envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          else if (verb === 'RCPT') envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          else if (verb === 'DATA') data = [];
          else if (verb === 'QUIT') {
            reply('221 2.0.0 bye');
            socket.end();
            continue;
          }
          if (verb === 'DATA') reply('354 end with <CRLF>.<CRLF>');
          else if (verb !== 'EHLO') reply('250 2.0.0 ok');
        }
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** A header's value (the first of that name, unfolded). */
export function header(headers: string, name: string): string | undefined {
  const unfolded = headers.replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1];
}

function decode(body: string, encoding = ''): Buffer {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1');
  }
  return Buffer.from(body, 'latin1');
}

/** The message's headers and its leaf parts (one part for a message that is not multipart). */
export function parseMail(raw: string): { headers: string; parts: MailPart[] } {
  const split = (text: string) => {
    const at = text.indexOf('\r\n\r\n');
    return { headers: text.slice(0, at), body: text.slice(at + 4) };
  };
  const leaves = (text: string): MailPart[] => {
    const { headers, body } = split(text);
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(header(headers, 'Content-Type') ?? '')?.[1];
    if (!boundary) {
      const fileName = /filename="?([^";]+)"?/i.exec(header(headers, 'Content-Disposition') ?? '')?.[1];
      return [{ headers, content: decode(body, header(headers, 'Content-Transfer-Encoding')), fileName }];
    }
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => leaves(part.replace(/^\r\n/, '')));
  };
  return { headers: split(raw).headers, parts: leaves(raw) };
}
