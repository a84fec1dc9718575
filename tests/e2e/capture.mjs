// Screenshots from the X server, not from WebDriver (issue #31): WebKitWebDriver's screenshot
// command reads WebKit's compositor and never answers once the window has grown when the app
// paints without it (src-tauri/src/startup.rs). The lane's display (each lane of scripts/e2e has
// an Xvfb of its own, $DISPLAY) is read with `xwd -root` (Debian's x11-apps, scripts/setup),
// cropped to the app's window and written as a PNG with Node's zlib: no other tool.
import { execFile } from 'node:child_process';
import { deflateSync } from 'node:zlib';

/** The root window of $DISPLAY as XWD bytes. */
function xwdRoot() {
  return new Promise((resolve, reject) => {
    execFile('xwd', ['-root', '-silent'], { encoding: 'buffer', maxBuffer: 64 << 20, timeout: 20_000 }, (e, stdout, stderr) => {
      if (e) reject(new Error(`xwd -root on ${process.env.DISPLAY} failed (x11-apps, scripts/setup): ${e.message} ${stderr}`));
      else resolve(stdout);
    });
  });
}

/** An XWD file (X11's window dump: a big-endian header, colours, then the pixels) as
 *  {width, height, rgb(x, y) → [r, g, b]}; only the true-colour ZPixmaps an Xvfb of depth 24
 *  gives: 32 bits a pixel, or 24 when windows of other visuals are on the screen (GTK's). */
export function parseXwd(buf) {
  const h = (i) => buf.readUInt32BE(i * 4);
  const [headerSize, version, format, , width, height, , byteOrder, , , , bitsPerPixel, bytesPerLine] = Array.from({ length: 13 }, (_, i) => h(i));
  const [redMask, greenMask, blueMask] = [h(14), h(15), h(16)];
  const colours = h(19);
  if (version !== 7 || format !== 2 || (bitsPerPixel !== 32 && bitsPerPixel !== 24)) {
    throw new Error(`an XWD dump this reader does not know: version ${version}, format ${format}, ${bitsPerPixel} bits a pixel`);
  }
  const data = headerSize + colours * 12;
  if (buf.length < data + bytesPerLine * height) throw new Error(`a short XWD dump: ${buf.length} bytes for ${width}x${height}`);
  const shift = (mask) => 31 - Math.clz32(mask & -mask);
  const channel = (px, mask) => ((px & mask) >>> shift(mask)) & 0xff;
  const bytes = bitsPerPixel / 8;
  const read = byteOrder === 0 ? (o) => buf.readUIntLE(o, bytes) : (o) => buf.readUIntBE(o, bytes);
  return {
    width,
    height,
    rgb(x, y) {
      const px = read(data + y * bytesPerLine + x * bytes);
      return [channel(px, redMask), channel(px, greenMask), channel(px, blueMask)];
    },
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, body) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** The rectangle `rect` ({x, y, width, height}, clipped to the image) of `image` as a PNG (8-bit RGB). */
export function png(image, rect = { x: 0, y: 0, width: image.width, height: image.height }) {
  const x0 = Math.max(0, Math.round(rect.x));
  const y0 = Math.max(0, Math.round(rect.y));
  const w = Math.min(image.width - x0, Math.round(rect.width));
  const h = Math.min(image.height - y0, Math.round(rect.height));
  if (!(w > 0 && h > 0)) throw new Error(`nothing of ${JSON.stringify(rect)} is on the ${image.width}x${image.height} screen`);
  const raw = Buffer.alloc(h * (1 + 3 * w));
  for (let y = 0; y < h; y++) {
    const row = y * (1 + 3 * w); // each row starts with its filter type: 0, none
    for (let x = 0; x < w; x++) {
      const [r, g, b] = image.rgb(x0 + x, y0 + y);
      raw[row + 1 + 3 * x] = r;
      raw[row + 2 + 3 * x] = g;
      raw[row + 3 + 3 * x] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, not interlaced
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
}

/** What the display shows inside `rect` (the app's window: WebDriver's window rectangle), as
 *  PNG bytes. A window reaching beyond the screen fails: its picture would be cut short. */
export async function captureScreen(rect) {
  const image = parseXwd(await xwdRoot());
  if (rect.x < 0 || rect.y < 0 || rect.x + rect.width > image.width || rect.y + rect.height > image.height) {
    throw new Error(`the window ${rect.width}x${rect.height} at ${rect.x},${rect.y} reaches beyond the ${image.width}x${image.height} screen (scripts/e2e's Xvfb)`);
  }
  return png(image, rect);
}
