// The one UTF-8 check: the cohort page, `npm run agreement` and the commands that read a text file.

/** Fed a chunk at a time (`last` at the end); null from the first byte that is not UTF-8 on. A character split between
 *  chunks is decoded whole. */
export function utf8Decoder(): (bytes: Uint8Array, last?: boolean) => string | null {
  const decoder = new TextDecoder("utf-8", {fatal: true});
  let broken = false;
  return (bytes, last = false) => {
    if (broken) return null;
    try {
      return decoder.decode(bytes, {stream: !last});
    } catch {
      broken = true;
      return null;
    }
  };
}
