// The suite's own build (dist/, npm test's build:offline, the one build a run makes) needs no network and embeds the
// same library versions every day (framework-npm-versions.json). How a build fails is test/cli/build.test.ts's.
import {execFile, spawnSync} from "node:child_process";
import {existsSync, readdirSync, readFileSync} from "node:fs";
import {createServer} from "node:http";
import type {AddressInfo} from "node:net";
import {join} from "node:path";
import {promisify} from "node:util";
import {describe, expect, it} from "vitest";
import {projectRoot} from "../../scripts/copy-project.js";

/** Whether this machine can run a command in a new network namespace with no network at all. */
const offline = spawnSync("unshare", ["-rn", "true"]).status === 0;
const execAsync = promisify(execFile);
const pins = JSON.parse(readFileSync(join(projectRoot, "framework-npm-versions.json"), "utf8")) as Record<
  string,
  string
>;

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
});
