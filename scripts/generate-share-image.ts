/**
 * Writes public/images/share.png, the picture a shared link to the site shows when the page has
 * none of its own (app/lib/meta.ts). Link previews (Facebook, X, LinkedIn, chat apps) show PNG or
 * JPEG but not SVG, so the drawing is rasterised, at the 1200 × 630 they display large. Run after
 * changing the drawing:
 *   node scripts/generate-share-image.ts
 */
import { join } from "node:path";
import sharp from "sharp";

const font = "Liberation Sans,DejaVu Sans,Helvetica,Arial,sans-serif";
const book =
  '<path d="M-120-90C-70-100-25-90 0-70V100C-25 80-70 72-120 80ZM120-90C70-100 25-90 0-70V100C25 80 70 72 120 80Z"/>';

const drawing = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1747ad"/><stop offset="1" stop-color="#142f66"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<circle cx="1080" cy="90" r="260" fill="#fff" fill-opacity=".06"/>
<circle cx="110" cy="600" r="200" fill="#fff" fill-opacity=".05"/>
<g transform="translate(600 185) scale(.8)" fill="#fff" fill-opacity=".92">${book}</g>
<text x="600" y="385" fill="#fff" font-family="${font}" font-size="104" font-weight="700" text-anchor="middle">IELTS Hub</text>
<text x="600" y="465" fill="#fbbf24" font-family="${font}" font-size="42" font-weight="700" text-anchor="middle">IELTS preparation courses</text>
<text x="600" y="530" fill="#fff" fill-opacity=".85" font-family="${font}" font-size="34" text-anchor="middle">with honest reviews from students</text>
</svg>`;

const file = join(import.meta.dirname, "..", "public", "images", "share.png");
await sharp(Buffer.from(drawing)).png({ palette: true, compressionLevel: 9 }).toFile(file);
console.log(`Wrote ${file}`);
