// Code loaded after the first paint, and what asks for it first (issue 31 item 8): the trainee's checklist changes
// while the interpreter is still loading; when it arrives the latest checklist is scored, once, and nothing asked
// meanwhile is lost. The import is a promise the test resolves by hand: no clock.
import {describe, expect, it} from "vitest";
import {lazyCode, whenLoaded} from "../../../lib/site/lazy-code.js";

function handImport() {
  let arrive: (module: {double: (n: number) => number}) => void = () => {};
  let imports = 0;
  const code = lazyCode(() => {
    imports += 1;
    return new Promise<{double: (n: number) => number}>((resolve) => (arrive = resolve));
  });
  return {code, arrive: (module = {double: (n: number) => n * 2}) => arrive(module), imports: () => imports};
}

/** Lets the promise callbacks due run. */
const settle = () => new Promise<void>((done) => setTimeout(done, 0));

describe("code loaded when needed", () => {
  it("imports once, however often it is asked for, and holds the module once in", async () => {
    const {code, arrive, imports} = handImport();
    expect(code.value).toBeNull();
    expect(imports()).toBe(0);
    const first = code.load();
    void code.load();
    arrive();
    await first;
    expect(imports()).toBe(1);
    expect(code.value?.double(4)).toBe(8);
  });

  it("serves the latest input asked for before the code arrived, once, and later ones at once", async () => {
    const {code, arrive, imports} = handImport();
    const served: number[] = [];
    const ask = whenLoaded(code, (module, input: number) => served.push(module.double(input)));
    ask(1);
    ask(2);
    ask(3);
    await settle();
    expect(served).toEqual([]);
    expect(imports()).toBe(1);
    arrive();
    await settle();
    expect(served).toEqual([6]);
    ask(5);
    expect(served).toEqual([6, 10]);
  });

  it("serves nothing for a request dropped before the code arrived, and the one asked after the drop", async () => {
    const {code, arrive} = handImport();
    const served: number[] = [];
    const ask = whenLoaded(code, (module, input: number) => served.push(module.double(input)));
    ask(1);
    ask.drop();
    arrive();
    await settle();
    expect(served).toEqual([]);

    const again = handImport();
    const later = whenLoaded(again.code, (module, input: number) => served.push(module.double(input)));
    later(1);
    later.drop();
    later(7);
    again.arrive();
    await settle();
    expect(served).toEqual([14]);
  });

  it("tries the import again on the next request after one failed, and serves that request", async () => {
    let imports = 0;
    const code = lazyCode(() =>
      ++imports === 1 ? Promise.reject(new Error("not fetched")) : Promise.resolve({double: (n: number) => n * 2}),
    );
    const served: number[] = [];
    const ask = whenLoaded(code, (module, input: number) => served.push(module.double(input)));
    ask(1);
    await settle();
    expect(served).toEqual([]);
    ask(2);
    await settle();
    expect(imports).toBe(2);
    expect(served).toEqual([4]);
  });
});
