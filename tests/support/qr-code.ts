import jsQR from "jsqr";
import sharp from "sharp";

/**
 * What a phone's camera reads from the QR code a page shows: the page's SVG QR image (a `data:`
 * URL, as the two-factor set-up serves it) drawn into pixels by sharp, as a browser would, then
 * decoded by jsQR.
 */
export async function decodeQrCode(html: string): Promise<string> {
  const source = /<img[^>]*src="data:image\/svg\+xml;base64,([^"]+)"[^>]*alt="QR code/.exec(
    html,
  )?.[1];
  if (!source) throw new Error("No QR code image on the page");
  const svg = Buffer.from(source, "base64");
  const { data, info } = await sharp(svg, { density: 300 })
    .flatten({ background: "#ffffff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const decoded = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  );
  if (!decoded) throw new Error("The QR code does not decode");
  return decoded.data;
}
