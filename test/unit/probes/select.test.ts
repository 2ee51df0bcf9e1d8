// One way to pick a version for probes:score and probes:run: the one asked for, or the newest; released and valid.
import {writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {checkProbes} from "../../../lib/probes/check-probes.node.js";
import {selectVersion, type Selection} from "../../../lib/probes/select.node.js";
import {editJson, tempRoot} from "./helpers.js";

/** A copy of data/probes with v3 made from v2 by `change`, and hashes.json changed by `release`. */
function withV3(
  change: (json: Record<string, unknown>) => void,
  release?: (hashes: Record<string, Record<string, string>>) => void,
) {
  const root = tempRoot();
  editJson(
    root,
    "data/probes/six-step-chain/v3.json",
    (v3) => ((v3.version = "v3"), change(v3)),
    "data/probes/six-step-chain/v2.json",
  );
  if (release) editJson(root, "data/probes/hashes.json", release);
  return checkProbes(root);
}

const picked = (selection: Selection) =>
  selection.ok ? selection.version.data.version : `${selection.kind}: ${selection.message}`;

describe("selectVersion", () => {
  const check = checkProbes(".");

  it("the newest by default, or the one asked for", () => {
    expect(picked(selectVersion(check, "six-step-chain"))).toBe("v2");
    expect(picked(selectVersion(check, "six-step-chain", "v1"))).toBe("v1");
  });

  it("an unknown probe or version, or a path, is a usage problem listing the valid choices", () => {
    expect(picked(selectVersion(check, "../../etc"))).toBe(
      'usage: unknown probe "../../etc": expected one of six-step-chain',
    );
    expect(picked(selectVersion(check, "six-step-chain", "v9"))).toBe(
      'usage: unknown version "v9" of six-step-chain: expected one of v1, v2',
    );
    expect(picked(selectVersion(check, "six-step-chain", "../v1"))).toBe(
      'usage: unknown version "../v1" of six-step-chain: expected one of v1, v2',
    );
  });

  it("a broken newest version is an error naming its file and field, never a fall back to v2", () => {
    const broken = withV3((json) => delete json.changelog);
    expect(picked(selectVersion(broken, "six-step-chain"))).toBe(
      "broken: data/probes/six-step-chain/v3.json at changelog: missing: expected string; " +
        "the newest version is not usable: fix it, or pass --version v2",
    );
    // Asked for by name, an older valid version is still usable; the broken one is not a choice.
    expect(picked(selectVersion(broken, "six-step-chain", "v2"))).toBe("v2");
    expect(picked(selectVersion(broken, "six-step-chain", "v3"))).toBe(
      "broken: data/probes/six-step-chain/v3.json at changelog: missing: expected string",
    );
  });

  it("an unreleased version, and a released one edited since, are not usable", () => {
    const unreleased = withV3(() => {});
    expect(picked(selectVersion(unreleased, "six-step-chain"))).toMatch(
      /^broken: data\/probes\/six-step-chain\/v3\.json: not released: add "v3": "[0-9a-f]{64}" under "six-step-chain"/,
    );
    const edited = withV3(
      (json) => (json.changelog = "edited"),
      (hashes) => (hashes["six-step-chain"]!.v3 = "0".repeat(64)),
    );
    expect(picked(selectVersion(edited, "six-step-chain", "v3"))).toMatch(
      /^broken: data\/probes\/six-step-chain\/v3\.json: content changed after release/,
    );
  });

  it("a broken hashes.json blocks every version", () => {
    const root = tempRoot();
    writeFileSync(join(root, "data/probes/hashes.json"), "{");
    const broken = checkProbes(root);
    expect(picked(selectVersion(broken, "six-step-chain", "v1"))).toMatch(
      /^broken: data\/probes\/hashes\.json: invalid json: /,
    );
  });
});
