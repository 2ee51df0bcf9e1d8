// Building a trainee's Step-1 list from toggles. Pure: the page calls it on every press.
import type {Listing, TraineeLine} from "./progress.js";

type Mark = Extract<Listing, {kind: "mark"}>;

const same = (a: Listing, b: Listing): boolean => JSON.stringify(a) === JSON.stringify(b);

export interface ToggleOptions {
  /** The text a mark is in ("request", "turn-1"), to see what lies between two marks. */
  textOf(where: string): string | null;
  /** Word by word: a word next to a mark (only spaces between) extends it, so "in", "one", "sentence" make one line. */
  mergeAdjacent: boolean;
}

/**
 * The list after one press: pressing a listed line removes it; pressing a word inside a marked stretch removes the
 * stretch; with mergeAdjacent, a word next to a marked stretch extends it; anything else is added. The first line
 * listed is taken as the main task until the trainee says otherwise.
 */
export function toggleListing(lines: readonly TraineeLine[], listing: Listing, options: ToggleOptions): TraineeLine[] {
  if (lines.some((line) => same(line.listing, listing))) return lines.filter((line) => !same(line.listing, listing));
  if (listing.kind === "mark") {
    const marks = lines.map((line) =>
      line.listing.kind === "mark" && line.listing.in === listing.in ? line.listing : null,
    );
    const inside = marks.findIndex((mark) => mark && mark.start <= listing.start && listing.end <= mark.end);
    if (inside >= 0) return lines.filter((_, index) => index !== inside);
    if (options.mergeAdjacent) {
      const text = options.textOf(listing.in) ?? "";
      const next = marks.findIndex((mark) => mark && adjacent(text, mark, listing));
      if (next >= 0) {
        const mark = marks[next]!;
        const merged: Mark = {
          ...mark,
          start: Math.min(mark.start, listing.start),
          end: Math.max(mark.end, listing.end),
        };
        return lines.map((line, index) => (index === next ? {...line, listing: merged} : line));
      }
    }
  }
  const main = lines.some((line) => line.main) ? {} : {main: true};
  return [...lines, {listing, ...main}];
}

/** Two stretches with nothing but white space between them. */
function adjacent(text: string, a: Mark, b: Mark): boolean {
  const [first, second] = a.start <= b.start ? [a, b] : [b, a];
  return second.start >= first.end && /^\s*$/.test(text.slice(first.end, second.start));
}
