import {describe, expect, it} from "vitest";
import {cleanPath, menuScript, navIds, siteNav, type NavGroups} from "../../../lib/site/site-nav.js";

const groups: NavGroups = {
  training: [
    {name: "Start here", path: "/"},
    {name: "1. Vague instruction", path: "/vague"},
    {name: "Your results", path: "/results"},
  ],
  tools: [
    {name: "Cohort", path: "/cohort"},
    {name: "Probe: Count <three> things & more", path: "/probes/a-new-probe"},
  ],
};
const pages = [...groups.training, ...groups.tools];

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
/** The links of the header's HTML as [href, name as text, current]. */
const links = (html: string) =>
  [...html.matchAll(/<a (?:class="[^"]*" )?href="([^"]*)"( aria-current="page")?>([^<]*)<\/a>/g)].map(
    ([, href, current, name]) => [href, unescape(name!), Boolean(current)] as const,
  );

describe("siteNav", () => {
  it("marks exactly the current page's link, for every page it lists (Framework names the start page /index)", () => {
    for (const page of pages) {
      const path = page.path === "/" ? "/index" : page.path;
      const current = links(siteNav(groups, {path})).filter(([, , here]) => here);
      expect(current, path).toEqual([[`.${page.path}`, page.name, true]]);
    }
  });

  it("marks nothing on a page it does not list", () => {
    expect(links(siteNav(groups, {path: "/guideline"})).filter(([, , here]) => here)).toEqual([]);
  });

  it("escapes a name as HTML", () => {
    expect(siteNav(groups, {path: "/"})).toContain(">Probe: Count &lt;three&gt; things &amp; more</a>");
  });

  it("holds the skip link, the site's name, then two labelled groups with their links, in order", () => {
    const html = siteNav(groups, {path: "/vague"});
    expect(links(html).map(([href, name]) => `${href} ${name}`)).toEqual([
      "#observablehq-main Skip to the content",
      "./ Rater Notebook",
      "./ Start here",
      "./vague 1. Vague instruction",
      "./results Your results",
      "./cohort Cohort",
      "./probes/a-new-probe Probe: Count <three> things & more",
    ]);
    const training = html.indexOf(`aria-labelledby="${navIds.training}"`);
    const tools = html.indexOf(`aria-labelledby="${navIds.tools}"`);
    expect(training).toBeGreaterThan(0);
    expect(tools).toBeGreaterThan(html.indexOf("Your results"));
    expect(html).toContain(`<span class="site-nav-label" id="${navIds.training}">Training</span>`);
    expect(html).toContain(`<span class="site-nav-label" id="${navIds.tools}">Tools</span>`);
  });

  it("ships the Menu button hidden (links all showing without JavaScript) with the script that shows it", () => {
    const html = siteNav(groups, {path: "/"});
    expect(html).toMatch(
      new RegExp(
        `<button type="button" class="site-nav-toggle" aria-expanded="true" aria-controls="${navIds.menu}" hidden>`,
      ),
    );
    expect(html).toContain(`<div class="site-nav-menu" id="${navIds.menu}">`);
    expect(html.endsWith(`<script>${menuScript}</script>`)).toBe(true);
  });

  it("reads Framework's page paths as clean paths", () => {
    expect(["/index", "/rubric", "/probes/six-step-chain", "/probes/index"].map(cleanPath)).toEqual([
      "/",
      "/rubric",
      "/probes/six-step-chain",
      "/probes/",
    ]);
  });
});
