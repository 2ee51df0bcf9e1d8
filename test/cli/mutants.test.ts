// npm run mutants --list, in process: every deliberate break still applies to the code it names (its text found
// exactly once), each names test files that exist, and there are at least the twenty issue 27 asks for. The breaks
// themselves run in `npm run mutants`, not here: each runs its tests in a copy of the project.
import {existsSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {mutantsCheck} from "../../scripts/mutants.js";
import {runCommand} from "./run.js";

describe("npm run mutants -- --list", () => {
  it("lists every break where it applies in lib/ or a guideline's data, with test files that exist, twenty or more", async () => {
    const {code, stdout, stderr} = await runCommand(mutantsCheck, ["--list"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const rows = stdout
      .trimEnd()
      .split("\n")
      .slice(1, -1)
      .map((line) => line.split(/ {2,}/));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const [name, where, caughtBy] of rows) {
      expect(where, name).toMatch(/^(lib\/[\w/.-]+\.ts|guideline\/v\d+\/logic\.yaml):\d+$/);
      for (const file of caughtBy!.split(", ")) expect(existsSync(file), `${name}: ${file}`).toBe(true);
    }
    expect(stdout.trimEnd().split("\n").at(-1)).toBe(
      `mutants: ${rows.length} breaks, none run (without --list, each runs its tests)`,
    );
  });

  it("refuses an unknown break by name, listing the names", async () => {
    const {code, stdout, stderr} = await runCommand(mutantsCheck, ["--only", "no-such-break"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^mutants: unknown break "no-such-break": expected one of rule-floor, /);
  });
});
