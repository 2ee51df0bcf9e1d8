// The run's one Chromium (global-setup.ts), as site.ts launches it: Chromium's headless build (no page of the browser's
// own UI in a new context's window), with Playwright's own disabled features kept (Chromium reads only the last
// --disable-features) and the omnibox popups added for the benches' chromium.
import {describe, expect, inject, it} from "vitest";
import {chromium} from "playwright-core";
import {testChromiumPath} from "./site.js";

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
      // The command line it was started with: the headless build where installed, unless CHROMIUM_PATH names another
      // (site.ts); its last --disable-features, the one Chromium reads, keeps Playwright's (two of them named here:
      // without them pages paint and load otherwise than a test expects).
      const [executable, ...flags] = inject("chromiumCommand");
      expect(executable).toBe(testChromiumPath);
      expect(browser.version()).toMatch(/^\d+\./);
      const last = flags.filter((flag) => flag.startsWith("--disable-features=")).at(-1);
      expect(last?.slice("--disable-features=".length).split(",")).toEqual(
        expect.arrayContaining(["PaintHolding", "HttpsUpgrades", "WebUIOmniboxPopup"]),
      );
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
