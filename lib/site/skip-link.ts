// What the skip link (every page's first Tab stop, lib/site/site-nav.ts) and a page agree on, kept apart from the
// header's HTML so a page's code does not carry the header's scripts.

/** Told by the skip link: a page whose content starts elsewhere than its top (the walk: the item shown) takes the
 *  focus there and cancels the event; else the focus goes to the page's main content. */
export const skipEvent = "rater-notebook:skip";

/** The skip link's words, shared with the tests that press it. */
export const skipWords = "Skip to the content";
