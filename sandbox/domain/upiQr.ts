/**
 * The QR code of a `upi://pay` link as an SVG element (the qrcode package's own SVG renderer, which is
 * synchronous).
 */
import QRCode from 'qrcode';
// The package's SVG renderer, required directly: its public toString is asynchronous and route handlers are not.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const svgTag = require('qrcode/lib/renderer/svg-tag') as {
  render(qr: QRCode.QRCode, options: { margin: number; width: number }): string;
};

/** Any text's QR as an SVG element: the UPI link's, and the IRP's signed QR (a JWS, so a larger code). */
export const qrSvg = (text: string, width: number): string =>
  svgTag.render(QRCode.create(text, { errorCorrectionLevel: 'M' }), { margin: 2, width });

export const upiQrSvg = (link: string, width = 180): string => qrSvg(link, width);
