/**
 * Just enough MIME (RFC 2045–2047, 2231) to read back what nodemailer wrote, so tests check the
 * message a mail program would parse rather than searching the raw text: headers, nested multipart
 * bodies, base64 and quoted-printable, encoded-word headers and parameters.
 */
export interface MimePart {
  /** Header names in lower case, folded lines joined, encoded words left as they are. */
  headers: Map<string, string>;
  /** "text/plain", "multipart/mixed" ... in lower case. */
  type: string;
  params: Record<string, string>;
  /** The decoded body of a leaf part (empty for a multipart). */
  body: Buffer;
  parts: MimePart[];
}

export function parseMime(raw: Buffer | string): MimePart {
  const text = (typeof raw === 'string' ? raw : raw.toString('latin1')).replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = split === -1 ? text : text.slice(0, split);
  const rawBody = split === -1 ? '' : text.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const { value: type, params } = parseHeaderValue(headers.get('content-type') ?? 'text/plain');
  if (type.startsWith('multipart/')) {
    const boundary = params.boundary;
    if (!boundary) throw new Error(`${type} part without a boundary`);
    const sections = `\n${rawBody}`.split(`\n--${boundary}`);
    const closing = sections.findIndex((section) => section.startsWith('--'));
    if (closing === -1) throw new Error(`${type} part is not closed by --${boundary}--`);
    // sections[0] is the preamble; each part runs from after its delimiter line to the next one.
    const parts = sections.slice(1, closing).map((section) => parseMime(section.slice(section.indexOf('\n') + 1)));
    return { headers, type, params, body: Buffer.alloc(0), parts };
  }
  return { headers, type, params, body: decodeBody(rawBody, headers.get('content-transfer-encoding') ?? '7bit'), parts: [] };
}

/** Every leaf part, depth first. */
export function leafParts(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leafParts);
}

/** A header's value with its RFC 2047 encoded words decoded. */
export function decodeHeader(value: string): string {
  // Whitespace between two encoded words is not part of the text.
  const joined = value.replace(/(\?=)\s+(=\?)/g, '$1$2');
  let result = '';
  let pending: { charset: string; bytes: number[] } | null = null;
  let last = 0;
  const flush = () => {
    if (pending) result += new TextDecoder(pending.charset).decode(Uint8Array.from(pending.bytes));
    pending = null;
  };
  for (const match of joined.matchAll(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g)) {
    if (match.index > last) {
      flush();
      result += joined.slice(last, match.index);
    }
    const charset = match[1]!.toLowerCase();
    const bytes = match[2]!.toUpperCase() === 'B' ? [...Buffer.from(match[3]!, 'base64')] : [...decodeQuotedPrintable(match[3]!.replace(/_/g, ' '))];
    // A character may be split across two words: decode a run of words of one charset together.
    if (pending && pending.charset === charset) pending.bytes.push(...bytes);
    else {
      flush();
      pending = { charset, bytes };
    }
    last = match.index + match[0].length;
  }
  flush();
  return result + joined.slice(last);
}

/** "type/subtype; name=value; name*=utf-8''%E0..." → the value and its parameters, decoded. */
export function parseHeaderValue(header: string): { value: string; params: Record<string, string> } {
  const semicolon = header.indexOf(';');
  const value = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  const params: Record<string, string> = {};
  const continued: Record<string, string[]> = {};
  for (const match of header.matchAll(/;\s*([\w-]+)(\*\d+)?(\*)?=("(?:[^"\\]|\\.)*"|[^;\s]+)/g)) {
    const name = match[1]!.toLowerCase();
    let text = match[4]!.startsWith('"') ? match[4]!.slice(1, -1).replace(/\\(.)/g, '$1') : match[4]!;
    if (match[3]) text = decodeExtendedValue(text, match[2] === undefined || match[2] === '*0');
    if (match[2]) (continued[name] ??= []).push(text);
    else params[name] = decodeHeader(text);
  }
  for (const [name, pieces] of Object.entries(continued)) params[name] = pieces.join('');
  return { value, params };
}

function decodeExtendedValue(text: string, isFirst: boolean): string {
  const encoded = isFirst ? text.replace(/^[^']*'[^']*'/, '') : text;
  return decodeURIComponent(encoded);
}

function decodeBody(body: string, encoding: string): Buffer {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, 'latin1');
  }
}

function decodeQuotedPrintable(text: string): Buffer {
  const unwrapped = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < unwrapped.length; index++) {
    const char = unwrapped[index]!;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(unwrapped.slice(index + 1, index + 3))) {
      bytes.push(parseInt(unwrapped.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(char.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}
