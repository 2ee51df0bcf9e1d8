// The run's one Chromium (global-setup.ts), as site.ts launches it: Playwright's own disabled features kept (Chromium
// reads only the last --disable-features) with the omnibox popups added, so a new context's window builds no page of
// the browser's own UI.
import {describe, expect, inject, it} from "vitest";
import {chromium} from "playwright-core";

describe("the run's Chromium", () => {
  it("opens a new context's window with no page of the browser's own UI, and answers the tests' contexts", async () => {
    const browser = await chromium.connect(inject("chromiumEndpoint"));
    try {
      const context = await browser.newContext();
      await (await context.newPage()).goto("data:text/html,<p>a page</p>");
      const session = await browser.newBrowserCDPSession();
      const {targetInfos} = (await session.send("Target.getTargets")) as {targetInfos: {type: string; url: string}[]};
      expect(targetInfos.filter((target) => target.type === "browser_ui").map((target) => target.url)).toEqual([]);
      expect(targetInfos.filter((target) => target.type === "page").map((target) => target.url)).toContain(
        "data:text/html,<p>a page</p>",
      );
      // Chromium's own account of its command line: the last --disable-features, the one it reads, keeps Playwright's
      // (two of them named here: without them pages paint and load otherwise than a test expects).
      const version = await context.newPage();
      await version.goto("chrome://version");
      const line = await version.locator("#command_line").innerText();
      const last = [...line.matchAll(/--disable-features=(\S+)/g)].at(-1)?.[1]?.split(",") ?? [];
      expect(last).toEqual(expect.arrayContaining(["PaintHolding", "HttpsUpgrades", "WebUIOmniboxPopup"]));
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
