// Handing something the page made to the browser as a file download: a progress file (the results page), a case file
// (the case editor), a new guideline version's archive (the authors' page).

/** Downloads `content` as a file named `name`, through a link the page never shows. */
export function download(content: string | Uint8Array, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content as BlobPart], {type}));
  const link = Object.assign(document.createElement("a"), {href: url, download: name, hidden: true});
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy by then: the address is let go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
