// The build needs no network and embeds the same library versions every day (framework-npm-versions.json), and
// a failed build leaves the previous dist/ in place, whether Framework failed or the authored files stopped it first;
// Framework's own build, run without the script, still stops on hostile authored files (the data loader checks them).
// The suite's own build (dist/) is the offline one; the failing builds are of one temporary copy.
import {execFile, spawnSync} from "node:child_process";
import {createHash} from "node:crypto";
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from "node:fs";
import {createServer} from "node:http";
import type {AddressInfo} from "node:net";
import {join} from "node:path";
import {promisify} from "node:util";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {frameworkBuild} from "../../scripts/build.js";
import {copyProject, projectRoot} from "../../scripts/copy-project.js";
import {expectNoJavaScriptError, writeHostileFiles} from "./hostile-files.js";

/** Whether this machine can run a command in a new network namespace with no network at all. */
const offline = spawnSync("unshare", ["-rn", "true"]).status === 0;
const tsx = join(projectRoot, "node_modules/.bin/tsx");
const execAsync = promisify(execFile);
const pins = JSON.parse(readFileSync(join(projectRoot, "framework-npm-versions.json"), "utf8")) as Record<
  string,
  string
>;

let copy = "";
beforeAll(() => {
  copy = copyProject("rater-notebook-build-");
});
afterAll(() => rmSync(copy, {recursive: true, force: true}));

const run = (command: string, args: string[]) =>
  spawnSync(command, args, {cwd: copy, encoding: "utf8", env: {...process.env}, timeout: 240_000});
/** With the network namespace removed where the machine allows it. */
const runOffline = (command: string, args: string[]) =>
  offline ? run("unshare", ["-rn", command, ...args]) : run(command, args);

/** Every file under dir with the sha256 of its content. */
function contents(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, {recursive: true, encoding: "utf8"})
      .filter((file) => statSync(join(dir, file)).isFile())
      .sort()
      .map((file) => [
        file,
        createHash("sha256")
          .update(readFileSync(join(dir, file)))
          .digest("hex"),
      ]),
  );
}

describe("the build", () => {
  // The suite's own build is the offline one (package.json's build:offline runs it through scripts/offline.sh, so a
  // build that asks the network fails the suite), and the browser tests run on it: this checks that wiring, that the
  // wrapper cuts the network, and what that build wrote to dist/.
  it("builds with no network at all, embedding only the pinned versions", async (context) => {
    if (!offline) {
      console.log("skipped: `unshare -rn` is not available here, so the build cannot be cut off from the network");
      context.skip();
    }
    const {scripts} = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts["build:offline"]).toBe("bash scripts/offline.sh npm run -s build");
    // npm test builds with it beside the static checks, npm run suite after the unit tests: both before the site's.
    expect(scripts.test).toMatch(/ build:offline && run-s suite:lib site$/);
    expect(scripts.suite).toBe("run-s suite:lib build:offline site");
    // A server on this machine's loopback answers outside the wrapper and cannot be reached inside it.
    const server = createServer((_request, response) => response.end("reached"));
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const ask = ["-e", `fetch(${JSON.stringify(url)}).then(async (r) => console.log(await r.text()))`];
      const outside = await execAsync(process.execPath, ask);
      expect(outside.stdout.trim()).toBe("reached");
      const inside = spawnSync("bash", [join(projectRoot, "scripts/offline.sh"), process.execPath, ...ask], {
        encoding: "utf8",
      });
      expect(inside.status).not.toBe(0);
      expect(inside.stdout).toBe("");
      expect(inside.stderr).toContain("fetch failed");
    } finally {
      server.close();
    }
    const dist = join(projectRoot, "dist");
    expect(existsSync(join(dist, "probes/six-step-chain.html"))).toBe(true);
    expect(existsSync(join(projectRoot, ".dist-build"))).toBe(false);
    // The client names the lazily loaded libraries' versions: exactly the pinned ones (DuckDB is Framework's own pin).
    const client = readdirSync(join(dist, "_observablehq"))
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(join(dist, "_observablehq", f), "utf8"))
      .join("\n");
    const named = new Set(
      [...client.matchAll(/_npm\/((?:@[\w.-]+\/)?[\w.-]+)@(\d+\.\d+\.\d+)/g)].map((m) => m[1] + "@" + m[2]),
    );
    named.delete("@duckdb/duckdb-wasm@1.29.0");
    expect([...named].sort()).toEqual(
      Object.entries(pins)
        .map(([name, version]) => `${name}@${version}`)
        .sort(),
    );
  });

  it("fails on a library whose version is not pinned, saying so, and leaves dist/ as it was", (context) => {
    if (!offline) {
      console.log("skipped: `unshare -rn` is not available here; without it the build would ask the registry");
      context.skip();
    }
    if (!existsSync(join(copy, "dist"))) {
      mkdirSync(join(copy, "dist"));
      writeFileSync(join(copy, "dist/index.html"), "<p>the previous build</p>");
    }
    const before = contents(join(copy, "dist"));
    const {react: _react, ...unpinned} = pins;
    writeFileSync(join(copy, "framework-npm-versions.json"), JSON.stringify(unpinned));
    try {
      const result = runOffline(tsx, ["scripts/build.ts"]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        "build: observable build failed (framework asked the network for a library: " +
          "pin its version in framework-npm-versions.json); dist/ is unchanged",
      );
      // Framework's own error comes first, passed on as it printed it.
      expect(result.stderr.split("build: ")[0]).toMatch(/registry\.npmjs\.org|cdn\.jsdelivr\.net/);
      expect(contents(join(copy, "dist"))).toEqual(before);
    } finally {
      writeFileSync(join(copy, "framework-npm-versions.json"), JSON.stringify(pins));
    }
  }, 300_000);

  it("fails on a broken item file before Framework starts, and leaves the previous dist/ in place", () => {
    // The previous dist/: the one the test before left, or a stand-in.
    if (!existsSync(join(copy, "dist"))) {
      mkdirSync(join(copy, "dist"));
      writeFileSync(join(copy, "dist/index.html"), "<p>the previous build</p>");
    }
    const before = contents(join(copy, "dist"));
    expect(Object.keys(before)).toContain("index.html");
    const item = join(copy, "data/items/example-2.md");
    const text = readFileSync(item, "utf8");
    writeFileSync(item, text.replace("verdict: not-met", "verdict: nope"));
    try {
      const result = runOffline(tsx, ["scripts/build.ts"]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        'data/items/example-2.md at checklist[2].verdict: Line 3, its verdict: got "nope"',
      );
      expect(result.stderr).toContain("build: 1 problem in the authored files; dist/ is unchanged");
      expect(result.stdout).toBe("");
      expect(contents(join(copy, "dist"))).toEqual(before);
      expect(existsSync(join(copy, ".dist-build"))).toBe(false);
    } finally {
      writeFileSync(item, text);
    }
  }, 300_000);

  // Last: it leaves the copy's authored files broken. The copy holds Framework's bundles of the libraries from
  // node_modules (scripts/copy-project.ts), so it reaches the data loader as soon as any later build would.
  it("stops Framework's own build on hostile files too, without the script's check: one line each, no stack", () => {
    const expected = writeHostileFiles(copy);
    const result = frameworkBuild(copy, {print: false});
    expect(result.status).not.toBe(0);
    const output = result.stderr + result.stdout;
    const lines = output.split("\n");
    for (const line of expected) expect(lines).toContain(line);
    // No stack trace and no JavaScript error: Framework's own "loader exited with code 1" is all that follows.
    expectNoJavaScriptError(output);
  }, 300_000);
});
