// A ustar archive of small text files: src/data.tar.js writes one so the site's data come from one loader run, not
// one each. No modification times, so the same files give the same bytes.

export interface TarFile {
  /** At most 100 bytes: ustar holds it without a prefix. */
  name: string;
  content: string;
}

const block = 512;
const encoder = new TextEncoder();

function field(header: Uint8Array, offset: number, length: number, text: string): void {
  const bytes = encoder.encode(text);
  if (bytes.length > length) throw new Error(`tar: "${text}" does not fit in a ${length}-byte field`);
  header.set(bytes, offset);
}

const octal = (value: number, length: number): string => `${value.toString(8).padStart(length - 1, "0")}\0`;

function headerOf(name: string, size: number): Uint8Array {
  const header = new Uint8Array(block);
  if (encoder.encode(name).length > 100) throw new Error(`tar: the name "${name}" is longer than 100 bytes`);
  field(header, 0, 100, name);
  field(header, 100, 8, octal(0o644, 8)); // mode
  field(header, 108, 8, octal(0, 8)); // uid
  field(header, 116, 8, octal(0, 8)); // gid
  field(header, 124, 12, octal(size, 12));
  field(header, 136, 12, octal(0, 12)); // mtime: none, so the bytes depend on the files alone
  field(header, 148, 8, " ".repeat(8)); // the checksum counts its own field as spaces
  field(header, 156, 1, "0"); // a regular file
  field(header, 257, 6, "ustar\0");
  field(header, 263, 2, "00");
  const checksum = header.reduce((sum, byte) => sum + byte, 0);
  field(header, 148, 8, `${checksum.toString(8).padStart(6, "0")}\0 `);
  return header;
}

/** The archive of files, in the order given. */
export function tar(files: readonly TarFile[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const {name, content} of files) {
    const bytes = encoder.encode(content);
    parts.push(headerOf(name, bytes.length), bytes, new Uint8Array((block - (bytes.length % block)) % block));
  }
  parts.push(new Uint8Array(2 * block)); // two empty blocks end the archive
  const archive = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    archive.set(part, offset);
    offset += part.length;
  }
  return archive;
}
