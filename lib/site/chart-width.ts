// The width of the viewBox of a chart drawn for a phone's column (the charts of /authors, /judges and /cohort): its
// text, set in the viewBox's units, reads at its own size at 390 px rather than shrunk by a quarter or more; the page's
// CSS keeps such a chart from growing much past it on a wide screen (max-width 24rem). No d3: the authors' page loads
// none.
export const phoneChartWidth = 320;
