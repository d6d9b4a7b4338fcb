/**
 * Writes the catalogue's cover images (public/images/services/*.svg) from db/seed/catalogue.ts.
 * They are vector drawings, a few hundred bytes each, so they are sharp at any size (the
 * lightbox shows them full screen) and need no network. Each also gets a PNG beside it
 * (`<slug>.png`), the picture a shared link to its course shows: link previews do not show SVG
 * (app/lib/meta.ts). Run after changing the catalogue:
 *   node scripts/generate-covers.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { type CoverIcon, catalogue } from "../db/seed/catalogue.ts";

const icons: Record<CoverIcon, string> = {
  star: '<path d="M0-120 35-38 124-38 52 14 80 100 0 48-80 100-52 14-124-38-35-38Z"/>',
  bolt: '<path d="M30-130-90 20H-5L-35 130 90-30H5Z"/>',
  pen: '<path d="M-100 100-80 40 60-100 100-60-40 80ZM-100 100-60 90-90 60Z"/>',
  chart:
    '<path d="M-120 110H120V95H-120Z"/><path d="M-100 90V20h40v70ZM-40 90V-40h40V90ZM20 90V-10h40v100ZM80 90V-100h40V90Z"/>',
  speech:
    '<path d="M-120-90h240v140H-10l-60 50v-50h-50Z"/><circle cx="-50" cy="-20" r="14" fill="#fff" fill-opacity=".35"/><circle cx="0" cy="-20" r="14" fill="#fff" fill-opacity=".35"/><circle cx="50" cy="-20" r="14" fill="#fff" fill-opacity=".35"/>',
  headphones:
    '<path d="M-110 40V0a110 110 0 0 1 220 0v40h-25V0a85 85 0 0 0-170 0v40Z"/><rect x="-125" y="20" width="50" height="90" rx="18"/><rect x="75" y="20" width="50" height="90" rx="18"/>',
  book: '<path d="M-120-90C-70-100-25-90 0-70V100C-25 80-70 72-120 80ZM120-90C70-100 25-90 0-70V100C25 80 70 72 120 80Z"/>',
  letter:
    '<rect x="-130" y="-85" width="260" height="170" rx="14"/><path d="M-118-70 0 20 118-70" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="14"/>',
  clipboard:
    '<rect x="-95" y="-105" width="190" height="225" rx="16"/><rect x="-45" y="-125" width="90" height="45" rx="10" fill="#fff" fill-opacity=".45"/><path d="M-55-20 60-20M-55 25H60M-55 70H20" stroke="#fff" stroke-opacity=".45" stroke-width="14"/>',
  words:
    '<rect x="-130" y="-90" width="150" height="70" rx="14"/><rect x="-60" y="-5" width="190" height="70" rx="14"/><rect x="-130" y="80" width="120" height="40" rx="12"/>',
  grammar:
    '<path d="M-120 100-45-110h30L60 100H25L5 45h-70l-20 55ZM-55 15h50l-25-75Z"/><path d="M70 10h60v22H70Zm0 45h60v22H70Z"/>',
  mic: '<rect x="-45" y="-130" width="90" height="160" rx="45"/><path d="M-85 0a85 85 0 0 0 170 0h-22a63 63 0 0 1-126 0ZM-12 80h24v40h-24ZM-60 115H60v18H-60Z"/>',
  target:
    '<circle r="120" fill="none" stroke="currentColor" stroke-width="22"/><circle r="70" fill="none" stroke="currentColor" stroke-width="22"/><circle r="24"/>',
  steps: '<path d="M-130 110V60h60V10h60v-50h60v-50h70v200Z"/>',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function cover({ icon, from, to, label }: (typeof catalogue)[number]["cover"]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800" role="img"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="800" fill="url(#g)"/><circle cx="1060" cy="120" r="260" fill="#fff" fill-opacity=".06"/><circle cx="120" cy="760" r="200" fill="#fff" fill-opacity=".05"/><g transform="translate(600 330) scale(1.25)" fill="#fff" color="#fff" fill-opacity=".92">${icons[icon]}</g><text x="600" y="620" fill="#fff" font-family="system-ui,Segoe UI,Helvetica,Arial,sans-serif" font-size="64" font-weight="700" text-anchor="middle">${escapeXml(label)}</text><text x="600" y="700" fill="#fff" fill-opacity=".75" font-family="system-ui,Segoe UI,Helvetica,Arial,sans-serif" font-size="36" letter-spacing="6" text-anchor="middle">IELTS HUB</text></svg>\n`;
}

const directory = join(import.meta.dirname, "..", "public", "images", "services");
mkdirSync(directory, { recursive: true });
async function write(slug: string, drawing: string) {
  writeFileSync(join(directory, `${slug}.svg`), drawing);
  await sharp(Buffer.from(drawing))
    .png({ palette: true, compressionLevel: 9 })
    .toFile(join(directory, `${slug}.png`));
}

for (const course of catalogue) await write(course.slug, cover(course.cover));
// For a course added without an image of its own.
await write(
  "course",
  cover({ icon: "book", from: "#334155", to: "#0f172a", label: "IELTS course" }),
);
console.log(`Wrote ${catalogue.length + 1} covers (SVG and PNG) to ${directory}`);
