// The tests' Chromium (site.ts testChromium), one a test worker: Chromium's headless build (no page of the browser's
// own UI in a new context's window), with Playwright's own disabled features kept (Chromium reads only the last
// --disable-features) and the omnibox popups added for the benches' chromium.
import {readdirSync, readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {testChromium, testChromiumPath} from "./site.js";

/** The command lines of this process's children that run `executable` (Linux's /proc). */
function childCommands(executable: string): string[][] {
  const commands: string[][] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
      if (parent === process.pid && command.includes(executable)) commands.push(command);
    } catch {
      // A process that ended while the folder was read.
    }
  }
  return commands;
}

describe("the tests' Chromium", () => {
  it("opens a new context's window with no page of the browser's own UI, and answers the tests' contexts", async () => {
    const browser = await testChromium();
    expect(await testChromium()).toBe(browser);
    const context = await browser.newContext();
    try {
      await (await context.newPage()).goto("data:text/html,<p>a page</p>");
      const session = await browser.newBrowserCDPSession();
      const {targetInfos} = (await session.send("Target.getTargets")) as {targetInfos: {type: string; url: string}[]};
      expect(targetInfos.filter((target) => target.type === "browser_ui").map((target) => target.url)).toEqual([]);
      expect(targetInfos.filter((target) => target.type === "page").map((target) => target.url)).toContain(
        "data:text/html,<p>a page</p>",
      );
      await session.detach();
      // The command line it was started with: the headless build where installed, unless CHROMIUM_PATH names another
      // (site.ts); its last --disable-features, the one Chromium reads, keeps Playwright's (two of them named here:
      // without them pages paint and load otherwise than a test expects).
      const commands = childCommands(testChromiumPath);
      expect(commands).toHaveLength(1);
      expect(browser.version()).toMatch(/^\d+\./);
      const last = commands[0]!.filter((flag) => flag.startsWith("--disable-features=")).at(-1);
      expect(last?.slice("--disable-features=".length).split(",")).toEqual(
        expect.arrayContaining(["PaintHolding", "HttpsUpgrades", "WebUIOmniboxPopup"]),
      );
    } finally {
      await context.close();
    }
  });
});
