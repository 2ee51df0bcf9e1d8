// What `npm run dev` hands a page for a broken authored file: the page's cells that read it wait rather than fail.
import {describe, expect, it} from "vitest";
import {brokenData, wholeData} from "../../../lib/authored/broken-data.js";

const settled = async (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => "settled"), new Promise((resolve) => setTimeout(() => resolve("waiting"), 20))]);

describe("wholeData", () => {
  it("hands a whole data file on", async () => {
    await expect(wholeData({probes: []})).resolves.toEqual({probes: []});
  });

  it("keeps the cells that read a broken file's data waiting", async () => {
    const broken = brokenData([{file: "probes/a.yaml", field: "title", message: "missing"}]);
    expect(await settled(wholeData(broken))).toBe("waiting");
  });
});
