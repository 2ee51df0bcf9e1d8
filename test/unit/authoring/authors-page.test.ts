// The authors' page's state without the page: what the address holds after each change, what is worked out once and
// reused, the candidate's report that follows the paint, and links it cannot read. The deferred work runs only when a
// test drains its queue, so no clock is involved.
import {describe, expect, it} from "vitest";
import {
  authorsPage,
  type AuthorsPageOptions,
  type AuthorsView,
  type AuthorsWork,
} from "../../../lib/authoring/authors-page.js";
import type {CompletenessReport} from "../../../lib/authoring/completeness.js";
import {dependence} from "../../../lib/authoring/dependence.js";
import {loadGuidelines, loadItems} from "../../../lib/node/load.js";
import {parameterDomains} from "../../../lib/authoring/parameter-domains.node.js";
import type {ParameterValues} from "../../../lib/engine/logic.js";
import {prepareBase} from "../../../lib/authoring/preview.js";

const versions = loadGuidelines();
const items = loadItems();
const domains = parameterDomains();
const v2 = versions.find((guideline) => guideline.version === "v2")!;

/** Parameters as what they change from v2's own: "v2" for none, else "counting=most-missed, ...". */
const fromV2 = (parameters: ParameterValues): string =>
  Object.entries(parameters)
    .filter(([name, value]) => v2.parameters[name as string] !== value)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(", ") || "v2";

/**
 * The page's state with its deferred work held in a queue, and the work it does recorded: the rubric's findings
 * stand in (enumerating every shape is the slow part, and what it finds is not what these tests check), the
 * preview's base and the dependence report are the real ones.
 */
function open(query = "", {only}: {only?: string[]} = {}) {
  const afterPaint: (() => void)[] = [];
  const calls = {completeness: [] as string[], prepareBase: [] as string[], dependence: [] as string[]};
  const addresses: string[] = [];
  const views: AuthorsView[] = [];
  const work: AuthorsWork = {
    completeness: ({parameters}) => {
      calls.completeness.push(fromV2(parameters));
      return {maxOthers: 6, shapes: 3696, steps: 0, findings: []} satisfies CompletenessReport;
    },
    prepareBase: (all, ruleSet) => {
      calls.prepareBase.push(`${ruleSet.version}: ${fromV2(ruleSet.parameters)}`);
      return prepareBase(all, ruleSet);
    },
    dependence: (prepared, all) => {
      calls.dependence.push(`${prepared.ruleSet.version}: ${fromV2(prepared.ruleSet.parameters)}`);
      return dependence(prepared, all);
    },
  };
  const options: AuthorsPageOptions = {
    query,
    schedule: {afterPaint: (run) => void afterPaint.push(run)},
    onAddress: (address) => void addresses.push(address),
    onView: (view) => void views.push(view),
    work,
  };
  const page = authorsPage(
    {versions, items, domains: only ? domains.filter((domain) => only.includes(domain.name)) : domains},
    options,
  );
  const drain = (queue: (() => void)[]) => {
    while (queue.length) queue.shift()!();
  };
  return {
    page,
    calls,
    addresses,
    views,
    /** Runs what waits for the paint: the candidate's report and the address. */
    paint: () => drain(afterPaint),
  };
}

describe("the address", () => {
  it("opens with the newest version against itself when the address holds no choice", () => {
    const {page} = open();
    expect(page.notice).toBeNull();
    expect(page.view.choice).toEqual({base: "v2", candidate: "v2", set: [], changes: []});
    expect(page.view.status).toBe("Base v2, candidate v2: 0 items move; 0 items have no single score.");
  });

  it.each([
    ["?base=v2&candidate=v1", {base: "v2", candidate: "v1", set: []}],
    ["?candidate=v1", {base: "v2", candidate: "v1", set: []}],
    ["?base=v1", {base: "v1", candidate: "v1", set: []}],
    ["?set=counting%3Dmost-missed", {base: "v2", candidate: "v2", set: [{name: "counting", value: "most-missed"}]}],
    [
      "?base=v1&candidate=v2&set=partialMainCap%3D4&set=ceilingNeedsOne%3Dfalse",
      {
        base: "v1",
        candidate: "v2",
        set: [
          {name: "partialMainCap", value: 4},
          {name: "ceilingNeedsOne", value: false},
        ],
      },
    ],
  ])("reads %s", (query, choice) => {
    const {page} = open(query);
    expect(page.notice).toBeNull();
    // The address holds no change to the candidate's clauses or rows.
    expect(page.view.choice).toEqual({...choice, changes: []});
  });

  it.each([
    ["?base=v9&set=counting%3Dsome", /^The link's choice could not be read \(base: unknown version .v9.: expected/],
    ["?candidate=v0", /candidate: unknown version .v0.: expected one of v1, v2/],
    ["?set=counting%3Dsome", /counting: expected one of at-least-half, more-than-half, most-missed, got .some./],
    ["?set=nonsense%3D1", /unknown parameter .nonsense./],
    ["?set=counting", /expected <parameter>=<value>/],
    ["?set=partialMainCap%3D3&set=partialMainCap%3D4", /\(partialMainCap is set twice \("3" and "4"\): set it once\)/],
    ["?base=v2&base=v1", /\(base is set twice \("v2" and "v1"\): set it once\)/],
    ["?candidate=v1&candidate=v1", /\(candidate is set twice \("v1" and "v1"\): set it once\)/],
    ["?set=partlyWeight%3D2", /partlyWeight: expected a number from 0 to 1, got .2./],
  ])("refuses %s, saying why, and shows the newest version against itself", (query, why) => {
    const {page, addresses, paint} = open(query);
    expect(page.notice).toMatch(why);
    expect(page.notice).toMatch(/; showing v2 against itself\.$/);
    expect(page.view.choice).toEqual({base: "v2", candidate: "v2", set: [], changes: []});
    // The address is left as the author opened it until they change something.
    paint();
    expect(addresses).toEqual([]);
  });

  it("holds each change once it is painted: parameters in the order set, one the version has dropped", () => {
    const {page, addresses, paint} = open();
    page.setParameter("counting", "most-missed");
    expect(addresses).toEqual([]);
    paint();
    expect(addresses).toEqual(["base=v2&candidate=v2&set=counting%3Dmost-missed"]);

    page.setParameter("slightLapse", "flaw-or-partly");
    page.setParameter("counting", "at-least-half"); // v2's own value: no longer a change
    page.setParameter("counting", "more-than-half"); // set again: now after slightLapse
    paint();
    expect(addresses.slice(1)).toEqual([
      "base=v2&candidate=v2&set=counting%3Dmost-missed&set=slightLapse%3Dflaw-or-partly",
      "base=v2&candidate=v2&set=slightLapse%3Dflaw-or-partly",
      "base=v2&candidate=v2&set=slightLapse%3Dflaw-or-partly&set=counting%3Dmore-than-half",
    ]);
    expect(page.view.described).toBe(
      "v2 with What a choice slightly less formal than asked counts as (slightLapse) = flaw-or-partly; How “at least half” counts the other instructions (counting) = more-than-half",
    );

    // Another candidate comes with its own parameters; the base is chosen on its own.
    page.chooseCandidate("v1");
    page.chooseBase("v1");
    page.setParameter("partialMainCap", 2);
    page.undoParameters();
    paint();
    expect(addresses.slice(4)).toEqual([
      "base=v2&candidate=v1",
      "base=v1&candidate=v1",
      "base=v1&candidate=v1&set=partialMainCap%3D2",
      "base=v1&candidate=v1",
    ]);
  });

  it("holds a clause's change beside the parameters, in words, and reads it back; a bad one names the valid ones", () => {
    const {page, addresses, paint} = open("?set=counting%3Dmost-missed&set=numbers.ceiling-needs-one%3Dpartly");
    expect(page.notice).toBeNull();
    expect(page.view.choice.changes).toEqual([
      {kind: "verdict", rule: "numbers", clause: "ceiling-needs-one", verdict: "partly"},
    ]);
    expect(page.view.changes.map((entry) => entry.words)).toEqual([
      "Numbers, a ceiling with none delivered: not met → partly met",
    ]);
    expect(page.view.described).toBe(
      "v2 with How “at least half” counts the other instructions (counting) = most-missed; Numbers, a ceiling with " +
        "none delivered: not met → partly met",
    );
    page.setRuleChange({kind: "flag", rule: "conflicting", clause: "serves-one", flag: null});
    page.setRuleChange({kind: "verdict", rule: "numbers", clause: "ceiling-needs-one", verdict: "not-met"}); // v2's own
    page.dropRuleChange("conflicting.serves-one.flag");
    page.setRuleChange({kind: "threshold", row: "one-small-flaw", value: 2});
    paint();
    expect(addresses).toEqual([
      "base=v2&candidate=v2&set=counting%3Dmost-missed&set=numbers.ceiling-needs-one%3Dpartly" +
        "&set=conflicting.serves-one.flag%3Dnone",
      "base=v2&candidate=v2&set=counting%3Dmost-missed&set=conflicting.serves-one.flag%3Dnone",
      "base=v2&candidate=v2&set=counting%3Dmost-missed",
      "base=v2&candidate=v2&set=counting%3Dmost-missed&set=rubric.one-small-flaw%3D2",
    ]);
    page.undoRuleChanges();
    expect(page.view.choice).toEqual({
      base: "v2",
      candidate: "v2",
      set: [{name: "counting", value: "most-missed"}],
      changes: [],
    });

    const broken = open("?set=numbers.ceiling%3Dpartly");
    expect(broken.page.notice).toMatch(/unknown clause .ceiling. of rule numbers: expected one of over-ceiling, /);
    expect(broken.page.view.choice.changes).toEqual([]);
  });

  it("refuses a version it does not have", () => {
    const {page} = open();
    expect(() => page.chooseBase("v3")).toThrow(/unknown version .v3.: expected one of v1, v2/);
    expect(() => page.chooseCandidate("")).toThrow(/unknown version/);
    expect(page.view.choice).toEqual({base: "v2", candidate: "v2", set: [], changes: []});
  });
});

describe("a change", () => {
  it("shows what the engine moves, in the status's words", () => {
    const {page} = open();
    const view = page.setParameter("counting", "most-missed");
    // test/unit/authoring/preview.test.ts: under counting=most-missed, examples 2, 3 and 7 fall between 3 and 2.
    expect(view.preview.moved.map((item) => item.id)).toEqual(["example-2", "example-3", "example-7"]);
    expect(view.status).toBe(
      "Base v2, candidate v2 with How “at least half” counts the other instructions (counting) = most-missed: 3 items move; 3 items have no single score.",
    );
    expect(view.candidateRules.parameters["counting"]).toBe("most-missed");
    expect(view.candidateVersion.version).toBe("v2");
    expect(page.view).toBe(view);
  });

  it("a parameter set to its candidate version's own value is no longer a change, whatever the base has", () => {
    // v1 has counting=most-missed and slightLapse=flaw-or-partly; v2 has at-least-half and met-flaw.
    const {page} = open("?base=v2&candidate=v1&set=counting%3Dat-least-half");
    expect(page.view.described).toBe(
      "v1 with How “at least half” counts the other instructions (counting) = at-least-half",
    );
    expect(page.setParameter("counting", "most-missed").choice.set).toEqual([]);
    expect(page.view.described).toBe("v1");
    page.setParameter("accuracyRated", true);
    expect(page.setParameter("slightLapse", "met-flaw").described).toBe(
      "v1 with Whether a factual error counts against instruction following (accuracyRated) = true; What a choice slightly less formal than asked counts as (slightLapse) = met-flaw",
    );
  });
});

describe("what is kept", () => {
  it("works out the base once while only the candidate changes, and each set of findings once", () => {
    const {page, calls, paint} = open();
    // Opening: v2's base, its findings (the candidate's too: the same parameters) and its dependence report.
    expect(calls).toEqual({completeness: ["v2"], prepareBase: ["v2: v2"], dependence: ["v2: v2"]});

    // Findings not yet kept follow the paint of the change; the base's, kept, come with it.
    const changed = page.setParameter("counting", "most-missed");
    expect(calls.completeness).toEqual(["v2"]);
    expect(changed.candidateCompleteness).toBeNull();
    expect(changed.baseCompleteness).not.toBeNull();
    paint();
    expect(calls.completeness).toEqual(["v2", "counting=most-missed"]);
    const first = page.view;
    expect(first.candidateCompleteness).not.toBeNull();
    // The candidate's dependence report came with them, on its own prepared base.
    expect(calls.prepareBase).toEqual(["v2: v2", "v2: counting=most-missed"]);
    page.undoParameters();
    const again = page.setParameter("counting", "most-missed");
    expect(calls.completeness).toEqual(["v2", "counting=most-missed"]);
    expect(again.candidateCompleteness).toBe(first.candidateCompleteness);
    expect(again.baseCompleteness).toBe(first.baseCompleteness);
    expect(again.baseDependence).toBe(first.baseDependence);

    // Each version's base is derived once and kept, chosen again or not; the findings stay kept by their parameters.
    // (After the paint, the candidate's report against the new base: its own prepared base again.)
    page.chooseBase("v1");
    paint();
    const v1 = "v1: counting=most-missed, mainNotMet=unspecified, slightLapse=flaw-or-partly";
    expect(calls.prepareBase).toEqual(["v2: v2", "v2: counting=most-missed", v1, "v2: counting=most-missed"]);
    expect(calls.completeness).toEqual([
      "v2",
      "counting=most-missed",
      "counting=most-missed, mainNotMet=unspecified, slightLapse=flaw-or-partly",
    ]);
    page.chooseBase("v2");
    expect(calls.prepareBase).toHaveLength(4);
    expect(calls.completeness).toHaveLength(3);
    expect(calls.dependence).toEqual(["v2: v2", "v2: counting=most-missed", v1, "v2: counting=most-missed"]);
  });

  it("warms up another version in pieces, so choosing it as candidate or base works nothing out again", () => {
    const {page, calls, paint} = open();
    const pieces = page.warmUp();
    // v1 as candidate against v2 (its differences and preview); v1 as base (derived, its report), then its differences.
    expect(pieces).toHaveLength(3);
    for (const piece of pieces) piece();
    const v1 = "v1: counting=most-missed, mainNotMet=unspecified, slightLapse=flaw-or-partly";
    expect(calls.prepareBase).toEqual(["v2: v2", v1]);
    expect(calls.dependence).toEqual(["v2: v2", v1]);
    const warmed = page.chooseCandidate("v1");
    // What the page shows is what a page opened on v1 without the warm-up shows.
    const fresh = open("?candidate=v1").page.view;
    expect(warmed.status).toBe(fresh.status);
    expect(warmed.preview).toEqual(fresh.preview);
    expect(warmed.differs).toEqual(fresh.differs);
    // A version as written has its report kept as a base: after the paint, nothing is derived again.
    paint();
    const report = page.view.candidateReport.shown!.dependence;
    expect(page.chooseBase("v1").baseDependence).toBe(report);
    expect(calls.prepareBase).toEqual(["v2: v2", v1]);
    expect(calls.dependence).toEqual(["v2: v2", v1]);
    // Once done, a piece costs nothing.
    for (const piece of pieces) piece();
    expect(calls.prepareBase).toHaveLength(2);
  });

  it("works out the candidate's dependence report after the paint, for each change", () => {
    const {page, calls, paint} = open();
    page.setParameter("counting", "most-missed");
    expect(calls.dependence).toEqual(["v2: v2"]);
    paint();
    expect(calls.dependence).toEqual(["v2: v2", "v2: counting=most-missed"]);
    expect(calls.prepareBase).toEqual(["v2: v2", "v2: counting=most-missed"]);
  });
});

describe("the candidate's report", () => {
  it("is none while the candidate is the base unchanged", () => {
    const {page, views, paint} = open();
    expect(page.view.candidateReport).toEqual({shown: null, busy: false});
    paint();
    expect(views).toEqual([]);
  });

  it("is out of date from the change until it comes, after the paint", () => {
    const {page, views, paint} = open();
    expect(page.setParameter("counting", "most-missed").candidateReport).toEqual({shown: null, busy: true});
    paint();
    expect(views).toHaveLength(1);
    const {shown, busy} = views[0]!.candidateReport;
    expect(busy).toBe(false);
    expect(shown?.label).toBe(
      "the candidate (v2 with How “at least half” counts the other instructions (counting) = most-missed)",
    );
    expect(page.view).toBe(views[0]);
    // The rest of the view is the change's own.
    expect(views[0]!.status).toMatch(/^Base v2, candidate v2 with How “at least half” counts the other instructions/);
    expect(views[0]!.status).toMatch(/\(counting\) = most-missed: 3 items move/);

    // The next candidate's report: the one shown stays, marked out of date, until the new one comes.
    const next = page.setParameter("slightLapse", "flaw-or-partly");
    expect(next.candidateReport.busy).toBe(true);
    expect(next.candidateReport.shown?.label).toBe(
      "the candidate (v2 with How “at least half” counts the other instructions (counting) = most-missed)",
    );
    paint();
    expect(page.view.candidateReport.shown?.label).toBe(
      "the candidate (v2 with How “at least half” counts the other instructions (counting) = most-missed; What a choice slightly less formal than asked counts as (slightLapse) = flaw-or-partly)",
    );
  });

  it("a change undone before its report came leaves nothing out of date, and its report never comes", () => {
    const {page, views, calls, paint} = open();
    page.setParameter("counting", "most-missed");
    expect(page.undoParameters().candidateReport).toEqual({shown: null, busy: false});
    paint();
    expect(views).toEqual([]);
    expect(calls.dependence).toEqual(["v2: v2"]);

    // Back to the report shown, before the next one came: it is current again.
    page.setParameter("counting", "most-missed");
    paint();
    page.setParameter("slightLapse", "flaw-or-partly");
    const back = page.setParameter("slightLapse", "met-flaw");
    expect(back.candidateReport.busy).toBe(false);
    expect(back.candidateReport.shown?.label).toBe(
      "the candidate (v2 with How “at least half” counts the other instructions (counting) = most-missed)",
    );
    paint();
    expect(views).toHaveLength(1);
  });

  it("comes after the paint for a candidate in the address", () => {
    const {page, paint} = open("?base=v2&candidate=v1");
    expect(page.view.candidateReport).toEqual({shown: null, busy: true});
    paint();
    expect(page.view.candidateReport.shown?.label).toBe("the candidate (v1)");
    expect(page.view.candidateReport.busy).toBe(false);
  });
});
