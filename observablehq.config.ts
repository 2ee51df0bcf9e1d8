// Everything the browser loads comes from this site: no web font, no CDN, no telemetry.
export default {
  title: "Rater Notebook",
  root: "src",
  globalStylesheets: [],
  head: '<link rel="icon" href="data:,">',
  footer: "Rater Notebook: everything stays in your browser.",
  pager: true,
  search: false,
  pages: [
    {name: "Start here", path: "/"},
  ],
};
