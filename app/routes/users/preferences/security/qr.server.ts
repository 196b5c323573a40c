import QRCode from 'qrcode'

/**
 * The QR code of an otpauth:// URI, drawn on the server as SVG and sent as a data: URL (the CSP's
 * img-src allows data:, and no script draws it), so it shows without JavaScript.
 */
export async function qrDataUrl(uri: string) {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
