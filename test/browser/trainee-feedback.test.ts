// What a trainee is told, and when: nothing before they commit (not even the case's own name); on Check, the verdict
// and one sentence first, a distractor's note, the case study's note on a likely wrong score with the other notes
// folded; Part 2's split only after a "before" score; the blind self-check's summary, and "Not blind" when a ruling
// was seen first; and an answer whose ruling moved. (A saved record the site cannot read: saved-record.test.ts.)
import type {Locator, Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import type {Item} from "../../lib/authored/schemas/item.js";
import {serializeProgress, type Answer} from "../../lib/trainee/progress.js";
import {selfCheckSummary} from "../../lib/trainee/self-check.js";
import type {Score} from "../../lib/authored/schemas/verdict.js";
import {derive, ruleSetOf} from "../../lib/engine/derive.js";
import {loadGuidelines, loadParts} from "../../lib/node/load.js";
import {usePage, useSite} from "./helpers.js";
import {
  calibration,
  checkButton,
  pools,
  collapse,
  commit,
  guideline,
  itemOf,
  itemsById,
  itemsOfSet,
  partStatus,
  progressKey,
  radio,
  ruling,
  saveRecord,
  scoreGroup,
  showItem,
  showToRead,
  storage,
  takenOver,
  visibleText,
} from "./trainee.js";

const site = useSite();
const cleanPage = usePage(site);
const fresh = pools[1]!;

/** `path` in the file's one page, its storage emptied. */
async function freshPage(path: string): Promise<Page> {
  const page = await cleanPage();
  await page.goto(path);
  await page.getByRole("heading", {level: 1}).waitFor();
  return page;
}

/**
 * Everything of an item's ruling a trainee must not see before they commit: the case study's ruling and what the case
 * teaches, every note (the likely wrong scores' included), each checklist line's note, the flags' notes, the row of
 * the scored table; under the vague line, also how raters split and the open question.
 */
function secrets(item: Item, {vague}: {vague: boolean}): string[] {
  const texts = [
    // The case study's own name for the case often states the ruling ("Justified clarifying question").
    item.title,
    item.lesson?.text,
    item.ruling,
    item.teaches,
    item.scoredRow?.others,
    ...item.notes.map((note) => note.text),
    ...item.checklist.map((line) => line.note),
    ...item.flags.map((flag) => flag.note),
    ...(vague ? [item.openQuestion, ...(item.split ?? []).map((side) => side.reason)] : []),
  ];
  // What the case itself shows (the response of Example 5 says "The correct answer is 12.") is no secret.
  const shown = collapse(
    [
      ...[item.request, item.response].flatMap((text) => [text.text, text.gloss ?? "", text.note ?? ""]),
      ...item.turns.map((turn) => turn.text),
    ].join(" "),
  );
  // A rule's title is no secret either: the edge-case map lists every rule to choose the deciding one from.
  const ruleTitles = new Set(guideline.rules.map((rule) => rule.title));
  return texts.flatMap((text) =>
    text && text.length >= 12 && !shown.includes(collapse(text)) && !ruleTitles.has(text) ? [collapse(text)] : [],
  );
}

/** The ruled score, as the ruling states it: "You gave 4; the ruling is 2." */
const ruledScore = /\bthe ruling is (\d|not applicable)/i;

async function expectNothingTold(page: Page, item: Item, {vague}: {vague: boolean}): Promise<void> {
  const card = await showItem(page, item.id);
  expect(await ruling(card).isVisible(), `${item.id}: Ruling before Check`).toBe(false);
  const text = await visibleText(card);
  expect(text, `${item.id}: the ruled score before Check`).not.toMatch(ruledScore);
  for (const secret of secrets(item, {vague})) expect(text, `${item.id} before Check`).not.toContain(secret);
}

describe("before Check", () => {
  it("tells the trainee nothing of the ruling in any item, on any part, until they commit", async () => {
    const walk: {path: string; list: Item[]; vague: boolean}[] = [
      {path: "/vague", list: itemsOfSet("examples"), vague: true},
      {path: "/rubric", list: itemsOfSet("examples"), vague: false},
      {path: "/edge-cases", list: itemsOfSet("edge-cases"), vague: false},
      {path: "/calibration", list: itemsOfSet("calibration"), vague: false},
      // Part 6 has shown rulings by now, so the calibration cases' run is opened by its address; the fresh cases
      // are the run such a trainee gets.
      {path: "/self-check?pool=calibration", list: calibration.items.map((id) => itemsById.get(id)!), vague: false},
      {path: "/self-check", list: fresh.items.map((id) => itemsById.get(id)!), vague: false},
    ];
    const page = await freshPage("/");
    for (const {path, list, vague} of walk) {
      await page.goto(path);
      await scoreGroup(itemOf(page, list[0]!.id)).waitFor();
      for (const item of list) await expectNothingTold(page, item, {vague});
      // Part 4's scored table, after its last example, shows no example's row either.
      if (path === "/rubric") {
        const text = await visibleText(page.locator("body"));
        for (const item of list) expect(text, `${item.id}: its scored row`).not.toContain(item.scoredRow!.others);
      }
      // A score chosen but not checked tells nothing either; neither does checking another item.
      const [first, second] = list;
      await radio(await showItem(page, first!.id), first!.score === 5 ? 4 : 5).check();
      await expectNothingTold(page, first!, {vague});
      const secondCard = await showItem(page, second!.id);
      await radio(secondCard, 3).check();
      await checkButton(secondCard).click();
      await expect.poll(() => checkButton(secondCard).isEnabled(), {message: `${second!.id} committed`}).toBe(false);
      // The blind run shows no Ruling on Check; the walk does.
      const blind = path.startsWith("/self-check");
      // The walk's ruling is drawn once its code has arrived, which may follow the Check.
      if (blind) expect(await ruling(secondCard).isVisible(), `${path}: Ruling of ${second!.id}`).toBe(false);
      else
        await expect
          .poll(() => ruling(secondCard).isVisible(), {message: `${path}: Ruling of ${second!.id}`})
          .toBe(true);
      // What was kept back is what Check tells (so the list of secrets above is the ruling's, not made up).
      if (!vague && !blind) {
        const told = await visibleText(ruling(secondCard));
        expect(
          secrets(second!, {vague}).filter((secret) => told.includes(secret)),
          second!.id,
        ).not.toEqual([]);
      }
      for (const item of list.filter((other) => other !== second)) await expectNothingTold(page, item, {vague});
    }
    expect(site.problems).toEqual([]);
  }, 120_000);
});

describe("a part's opening", () => {
  it("folds the case study's paragraph that tells the calibration cases' scores, shown on request", async () => {
    // "one for each score the seven examples don't reach (score 3 is covered by …)": each case scores one of 1, 2, 4
    // and 5, which a trainee could read off before scoring them.
    const told = loadParts().find((part) => part.path === "/calibration")!.intro[0]!;
    const text = "text" in told ? told.text : "";
    expect(text).toMatch(/^Four fully worked examples, one for each score the seven examples don't reach/);
    const page = await freshPage("/calibration");
    const about = page.locator("details", {has: page.getByText("About this part", {exact: true})}).first();
    await about.locator("summary").first().click();
    const fold = about.locator("details.tells-rulings");
    expect(await fold.locator("summary").innerText()).toBe(
      "Show one paragraph that tells how some of the cases are ruled (best read after this part)",
    );
    expect(await about.getByText(text).isVisible()).toBe(false);
    await fold.locator("summary").click();
    expect(await about.getByText(text).isVisible()).toBe(true);
    expect(site.problems).toEqual([]);
  });
});

describe("the rubric beside the cases", () => {
  it("leaves its worked example out beside the calibration cases (level 4's is Calibration A), not beside others", async () => {
    const example = /\(e\.g\. ([^)]*)\)/.exec(guideline.rubric.find((level) => level.score === 4)!.checklist)![1]!;
    const page = await freshPage("/calibration");
    const panel = page.locator("#guide-panel");
    await panel.getByText("Fully follows").waitFor({state: "attached"});
    expect(await panel.textContent()).not.toContain(example);
    expect(await panel.textContent()).toContain("The rubric's worked examples are left out beside these cases");
    // Nor does a rule lead there: /guideline shows the example (and its v1 notes name Calibration A), so each rule
    // opens in the panel.
    expect(await panel.locator('a[href*="guideline#rule-"]').count()).toBe(0);
    const style = guideline.rules.find((rule) => rule.id === "style-register")!;
    await panel.getByText(style.title, {exact: true}).click();
    await expect.poll(() => panel.getByText(style.text.slice(0, 40)).isVisible()).toBe(true);
    for (const path of ["/rubric", "/edge-cases"]) {
      await page.goto(path);
      await panel.getByText("Fully follows").waitFor({state: "attached"});
      expect(await panel.textContent(), path).toContain(example);
      expect(await panel.textContent(), path).not.toContain("left out");
      expect(await panel.locator('a[href*="guideline#rule-"]').count(), path).toBe(guideline.rules.length);
    }
    expect(site.problems).toEqual([]);
  });
});

describe("on Check", () => {
  it("tells a trainee who listed a distractor in Step 1 that it is not an instruction, with the candidate's note", async () => {
    const page = await freshPage("/edge-cases#edge-9");

    // Edge case 9: the request never states formality; the trainee works the three steps and adds it in their words.
    const edge9 = await showItem(page, "edge-9");
    const formal = itemsById.get("edge-9")!.checklist.find((line) => line.role === "candidate")!;
    await edge9.getByText("Work it through the three steps").click();
    await edge9.getByRole("button", {name: "+ An instruction with no words to point to"}).click();
    await edge9.getByRole("textbox", {name: "An instruction with no words to point to"}).fill("formal");
    await edge9.getByRole("button", {name: "Add", exact: true}).click();
    await edge9.getByRole("combobox", {name: /formal/}).selectOption({label: "not met"});
    expect(await visibleText(edge9)).not.toContain(formal.note!);
    await commit(page, "edge-9", 4);
    // The lead says in a line where the checklist differs; the lines themselves are one fold below.
    await ruling(edge9)
      .getByText(/^Where your checklist differs/)
      .click();
    const told = await visibleText(ruling(edge9));
    expect(told).toMatch(/“formal”[^.]*not an instruction/);
    expect(told).toContain(formal.note!);
    // The case study's note is a fragment ("formality was never requested"): said after a colon, ended as a sentence.
    expect(told).toContain(`“formal” is not an instruction here: ${formal.note!}.`);

    // Example 1 in Part 4: "exactly two" reads a bare number into a ceiling; the note says why it is off the list.
    await page.goto("/rubric#example-1");
    const example1 = await showItem(page, "example-1");
    const exactly = itemsById.get("example-1")!.checklist.find((line) => line.role === "candidate")!;
    await example1.getByRole("button", {name: "+ An instruction with no words to point to"}).click();
    await example1
      .getByRole("textbox", {name: "An instruction with no words to point to"})
      .fill("exactly two examples");
    await example1.getByRole("textbox", {name: "An instruction with no words to point to"}).press("Enter");
    await commit(page, "example-1", 5);
    await ruling(example1)
      .getByText(/^Where your checklist differs/)
      .click();
    const toldAgain = await visibleText(ruling(example1));
    expect(toldAgain).toMatch(/“exactly two examples”[^.]*not an instruction/);
    expect(toldAgain).toContain(collapse(exactly.note!));
    expect(site.problems).toEqual([]);
  }, 60_000);

  it("marks the lines that set a score given alone as the ruling's, not in the colour of a difference", async () => {
    const page = await freshPage("/rubric");
    // Example 1 scored 5 with no checklist: exact, and its one line, "No more than two examples", sets the score.
    const card = await commit(page, "example-1", 5);
    const lines = card.locator("details.ruling-diff .difference");
    await expect.poll(() => lines.count()).toBeGreaterThan(0);
    const colours = await lines.evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).borderLeftColor));
    // The colours a difference wears (--far) and the guideline's quiet lines (--line), read off the page's own tokens.
    const token = (name: string) =>
      page.evaluate((name) => {
        const probe = document.body.appendChild(document.createElement("span"));
        probe.style.color = `var(${name})`;
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      }, name);
    const [far, line] = [await token("--far"), await token("--line")];
    expect(far).not.toBe(line);
    for (const colour of colours) expect(colour).toBe(line);
    // The lead quotes the Numbers rule's sentence, Example 1's lesson: the line below names the rule, not quoting the
    // same sentence a second time.
    await ruling(card).getByText("Line by line", {exact: true}).click();
    const told = await visibleText(ruling(card));
    expect(told.split("set a ceiling: any count from one up to the limit is met").length - 1).toBe(1);
    expect(await visibleText(card.locator("details.ruling-diff"))).toContain("Numbers");
    expect(site.problems).toEqual([]);
  });

  it("leads with the case study's note on a likely wrong score, and keeps every other note of the case folded", async () => {
    const page = await freshPage("/calibration");
    // Calibration A's request is Example 3's words, which the case study glosses there only: its English is shown,
    // and where it comes from.
    expect(await visibleText(itemOf(page, "calibration-a").locator(".case-request .case-gloss"))).toBe(
      collapse(`GLOSS · as given for Example 3, the same request ${itemsById.get("example-3")!.request.gloss!}`),
    );
    // A score chosen is said by the title as not yet checked, where "Not scored yet" sat beside the marked score.
    const first = itemOf(page, "calibration-a");
    await radio(first, 4).check();
    await expect.poll(() => first.locator(".item-state").innerText()).toBe("Chosen: 4, not checked yet");
    const notes = (id: string) => itemsById.get(id)!.notes.filter((note) => note.score !== undefined);
    const expectNotes = async (card: Locator, id: string, score: Score) => {
      const lead = visibleText(card.locator(".ruling-lead"));
      const own = notes(id).filter((note) => note.score === score);
      expect(own.length, `${id} names ${score} as a likely wrong score`).toBeGreaterThan(0);
      // The first note leads (cut between sentences when it is long, the whole of it one fold away); where a note
      // answers it (Calibration D's "The difference" answers "Why raters give 2"), that one leads, whole.
      const answer = itemsById.get(id)!.notes.find((note) => note.answers === own[0]!.label);
      expect(await lead, `${id} at ${score}`).toContain((answer ?? own[0]!).label);
      if (answer) expect(await lead, `${id} at ${score}: the answer whole`).toContain(collapse(answer.text));
      // The fold of the notes the lead does not show whole ("Read the whole note", or the label of the note the lead
      // answers).
      const whole = ruling(card).locator("details.note-rest > summary");
      if (await whole.count()) await whole.click();
      for (const note of own)
        expect(await visibleText(ruling(card)), `${id} at ${score}`).toContain(collapse(note.text));
      // The notes on the other scores are there, folded: hidden until the trainee opens them.
      const others = notes(id).filter((note) => note.score !== score);
      const told = await visibleText(ruling(card));
      for (const other of others) expect(told, `${id} at ${score}: folded`).not.toContain(collapse(other.text));
      if (others.length) {
        await ruling(card).getByText("The full ruling", {exact: true}).click();
        const opened = await visibleText(ruling(card));
        for (const other of others) expect(opened, `${id} at ${score}: opened`).toContain(collapse(other.text));
      }
    };

    for (const [id, score] of [
      ["calibration-b", 3],
      ["calibration-d", 2],
      ["calibration-c", 2],
    ] as const)
      await expectNotes(await commit(page, id, score), id, score);
    // Calibration D's twist note waits for its twist, said before the twist's title, which has a colon of its own.
    const calibrationD = await showItem(page, "calibration-d");
    await ruling(calibrationD).getByText("The full ruling", {exact: true}).click();
    expect(await visibleText(calibrationD.locator(".note-waiting"))).toBe(
      "The twist: this note gives away another case's ruling. Score it first: " +
        "Calibration D, twist: the same translation, later in a conversation.",
    );

    // Scored right, the trainee still finds every "why not" note of the case, folded (Calibration A: why not 5, 3).
    const exact = await commit(page, "calibration-a", 4);
    const lead = await visibleText(exact.locator(".ruling-lead"));
    expect(lead).toMatch(/^✓? ?Exact/);
    expect(lead).toContain(collapse(itemsById.get("calibration-a")!.teaches!));
    await ruling(exact).getByText("The full ruling", {exact: true}).click();
    for (const note of notes("calibration-a")) expect(await visibleText(ruling(exact))).toContain(collapse(note.text));

    // Calibration C again: a retry at "not applicable" leads with the retry, the first answer (the one recorded)
    // under it (issue 29); an exact retry offers no further Try again.
    const card = await showItem(page, "calibration-c");
    await card.getByRole("button", {name: "Try again"}).click();
    await radio(card, "n/a").check();
    await checkButton(card).click();
    await expect.poll(() => visibleText(card.locator(".ruling-lead"))).toMatch(/^✗? ?Rated on your retry/);
    expect(await visibleText(ruling(card))).toContain("First answer (the one recorded): 2, one off.");
    await card.getByRole("button", {name: "Try again"}).click();
    await radio(card, 1).check();
    await checkButton(card).click();
    await expect.poll(() => visibleText(card.locator(".ruling-lead"))).toMatch(/^✓? ?Exact on your retry/);
    expect(await card.getByRole("button", {name: "Try again"}).isVisible()).toBe(false);
    // The part's end debriefs it before the next-part card (issue 29, item 10): first answers only, walking order.
    // Ruled: A 4, B 2, C 1, D 5; given: A 4, B 3, C 2, D 2.
    await showItem(page, "calibration-d-twist");
    const debrief = page.getByRole("region", {name: "Debrief"});
    await expect
      .poll(() => visibleText(debrief))
      .toMatch(/^1 of 4 exact · 1 not scored yet · review Calibration B, Calibration C and Calibration D/);
    expect(await debrief.getByRole("link", {name: "Calibration B"}).getAttribute("href")).toBe("#calibration-b");
    const order = await page
      .locator(".debrief, .next-part")
      .evaluateAll((nodes) => nodes.map((node) => node.className));
    expect(order).toEqual(["debrief", "next-part"]);
    expect(site.problems).toEqual([]);
  }, 60_000);
});

describe("Part 2, the seven examples", () => {
  it("keeps each example's split hidden until it has a “before” score, then shows it with the open question", async () => {
    const examples = itemsOfSet("examples");
    const page = await freshPage("/examples");
    const hidden = async (item: Item) => {
      const text = await visibleText(await showToRead(page, item.id));
      expect(text, item.id).not.toContain(collapse(item.openQuestion!));
      for (const side of item.split!) if (side.reason) expect(text, item.id).not.toContain(side.reason);
      // It says where to get a "before" score: the example in Part 1.
      expect(await itemOf(page, item.id).locator(`a[href$="vague#${item.id}"]`).count(), item.id).toBe(1);
    };
    for (const item of examples) await hidden(item);

    await page.goto("/vague");
    const second = examples[1]!;
    await commit(page, second.id, 4);
    // Opened with no example named, the part shows the first example with a split to read: the second, not the
    // first, whose split stays hidden.
    await page.goto("/examples");
    await itemOf(page, second.id).waitFor();
    // One example at a time: the others are not on the screen.
    expect(await page.locator("article.item-card:visible").count()).toBe(1);
    const text = await visibleText(itemOf(page, second.id));
    expect(text).toContain(collapse(second.openQuestion!));
    for (const side of second.split!) if (side.reason) expect(text).toContain(side.reason);
    expect(text).toMatch(/before.{0,20}4/);
    for (const item of examples.filter((item) => item !== second)) await hidden(item);
    expect(site.problems).toEqual([]);
  }, 60_000);
});

describe("the calibration self-check", () => {
  const runItems = calibration.items.map((id) => itemsById.get(id)!);
  // Two exact, two one off (lenient), one three off (harsh): not passed.
  const answersGiven: Record<string, Score> = {
    "calibration-a": 4,
    "calibration-b": 3,
    "calibration-c": 2,
    "calibration-d": 2,
    "calibration-d-twist": 2,
  };
  const answer = (item: Item, score: Score, extra: Partial<Answer> = {}): Answer => ({
    item: item.id,
    phase: "guideline",
    mode: "self-check",
    attempt: 1,
    score,
    guideline: guideline.version,
    at: "2025-01-01T00:00:00.000Z",
    ...extra,
  });
  const loadAnswers = async (page: Page, answers: Answer[]) => {
    const record = {app: "rater-notebook" as const, version: 1 as const, answers};
    await saveRecord(page, serializeProgress(record));
    await page.reload();
  };

  it("stays blind until every case is answered, with no retry, then reads the summary against the pass rule", async () => {
    expect(runItems.map((item) => item.id)).toEqual(Object.keys(answersGiven));
    const page = await freshPage("/self-check");
    const summary = page.getByRole("region", {name: "Summary"});

    // The pass rule and where it comes from are shown before the first case; a blind run says nothing of blindness.
    const rule = page.getByText(`At least ${calibration.pass.exactAtLeast} of ${calibration.pass.of} exact`);
    expect(await rule.isVisible()).toBe(true);
    // Whose rule it is, in view; the rest of where it comes from one click away, in the page's About fold.
    expect(await visibleText(page.locator("body"))).toContain(collapse(calibration.pass.source.split(". ")[0]!));
    await page.getByText("About this self-check").click();
    const [lead, ...rest] = calibration.pass.source.split(". ");
    expect(await visibleText(page.locator("body"))).toContain(collapse(`${lead}.`));
    expect(await visibleText(page.locator("body"))).toContain(collapse(rest.join(". ")));
    expect(await visibleText(page.locator("body"))).not.toMatch(/can't be blind|not blind/i);
    // The rubric beside the cases gives no worked example: level 4's is Calibration A, the run's first case.
    const example = /\(e\.g\. ([^)]*)\)/.exec(guideline.rubric.find((level) => level.score === 4)!.checklist)![1]!;
    const panel = (await page.locator("#guide-panel").textContent()) ?? "";
    expect(panel).toContain("The rubric's worked examples are left out beside these cases");
    expect(panel).not.toContain(example);
    expect(
      await rule.evaluate(
        (node, id) => !!(node.compareDocumentPosition(document.getElementById(id)!) & Node.DOCUMENT_POSITION_FOLLOWING),
        runItems[0]!.id,
      ),
    ).toBe(true);

    // Answered by the page's own code, not by the build's copy of its first screen, whose Check is carried over late.
    await takenOver(page);
    for (const [index, item] of runItems.entries()) {
      const card = await showItem(page, item.id);
      await radio(card, answersGiven[item.id]!).check();
      await checkButton(card).click();
      await expect.poll(() => checkButton(card).isEnabled(), {message: `${item.id} committed`}).toBe(false);
      // No retry during the run: the answer given is the one that counts.
      expect(await card.getByRole("button", {name: "Try again"}).isVisible(), `${item.id}: Try again`).toBe(false);
      // Blind: no Ruling on any case, and no summary, until the last one is answered.
      if (index === runItems.length - 1) break;
      for (const other of runItems) await expectNoRulingText(await showItem(page, other.id), other);
      expect(await visibleText(summary)).toContain(`${index + 1} of ${runItems.length} answered`);
      expect(await summary.getByRole("link").count()).toBe(0);
    }

    const expected = selfCheckSummary(
      runItems.map((item) => answer(item, answersGiven[item.id]!)),
      runItems,
      calibration.pass,
      {guideline},
    );
    expect([expected.exact, expected.oneOff, expected.twoOrMoreOff, expected.pass]).toEqual([2, 2, 1, false]);
    await expect.poll(() => visibleText(summary)).toMatch(/not passed/i);
    const text = await visibleText(summary);
    expect(text).not.toMatch(/not blind/i);
    expect(text).toContain(`${expected.exact} of ${expected.total} exact`);
    // The counts add up to the run, as /results counts it: two exact, two one off, one two or more off.
    expect(text).toContain("2 of 5 exact, 2 one off, 1 two or more off.");
    expect(text).toContain(`${expected.twoOrMoreOff} two or more off`);
    // The rules to look at, each by its title in the guideline.
    expect(expected.rulesMisapplied.length).toBeGreaterThan(0);
    for (const {rule: id} of expected.rulesMisapplied) {
      const title = guideline.rules.find((candidate) => candidate.id === id)?.title ?? id;
      expect(text, `rule ${id}`).toContain(title);
    }
    // A link per case to its ruling, the case's name in the table, which every case now shows; still no retry.
    const links = summary.getByRole("table").getByRole("link");
    const labels = ["Calibration A", "Calibration B", "Calibration C", "Calibration D", "Calibration D, twist"];
    expect(await links.allInnerTexts()).toEqual(runItems.map((item, index) => `${labels[index]} — ${item.title}`));
    const targets = await links.evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    expect(targets.map((href) => new URL(href).pathname + new URL(href).hash)).toEqual(
      runItems.map((item) => `/self-check#${item.id}`),
    );
    for (const item of runItems) {
      const card = await showItem(page, item.id);
      expect(await ruling(card).isVisible(), item.id).toBe(true);
      expect(await card.getByRole("button", {name: "Try again"}).isVisible(), `${item.id}: Try again`).toBe(false);
    }
    expect(site.problems).toEqual([]);
  }, 90_000);

  it("opens, from each line of the summary, the case with the full feedback on the self-check answer", async () => {
    // A finished run: the plain address now offers the fresh cases, so the calibration cases' run is opened by its own.
    const page = await freshPage("/self-check?pool=calibration");
    await loadAnswers(
      page,
      runItems.map((item) => answer(item, answersGiven[item.id]!)),
    );
    const summary = page.getByRole("region", {name: "Summary"});
    const link = summary.getByRole("table").getByRole("link", {name: /^Calibration D — /});
    await link.click();
    await page.waitForURL(
      (url) => url.pathname === "/self-check" && url.search === "?pool=calibration" && url.hash === "#calibration-d",
    );
    const card = itemOf(page, "calibration-d");
    await scoreGroup(card).waitFor({state: "visible"});
    // The ruling is drawn once its code has arrived, after the card.
    await expect
      .poll(() => ruling(card).isVisible(), {message: "the Ruling of the answer given in the self-check"})
      .toBe(true);
    expect(site.problems).toEqual([]);
  }, 60_000);

  it("says “Not blind” and awards no pass once the trainee has seen a ruling of its cases, and says so first", async () => {
    // Having seen a calibration ruling, the trainee is offered the fresh cases; the calibration cases' run is still
    // there for practice, by its address.
    const page = await freshPage("/self-check?pool=calibration");
    // Calibration A checked in Part 6 (its ruling shown at once), before the run.
    await loadAnswers(page, [{...answer(runItems[0]!, 4, {at: "2025-01-01T00:00:00.000Z"}), mode: undefined}]);
    const notice = page.getByRole("status").filter({hasText: /can't be blind/});
    await notice.waitFor();
    // Before the first item, and naming the case whose ruling was seen.
    expect(
      await notice.evaluate(
        (node, id) => !!(node.compareDocumentPosition(document.getElementById(id)!) & Node.DOCUMENT_POSITION_FOLLOWING),
        runItems[0]!.id,
      ),
    ).toBe(true);
    expect(await visibleText(notice)).toContain("Calibration A");
    // A perfect run: every case scored as ruled. Still no pass.
    for (const item of runItems) {
      const card = await showItem(page, item.id);
      await radio(card, item.score).check();
      await checkButton(card).click();
      await expect.poll(() => checkButton(card).isEnabled()).toBe(false);
    }
    const summary = page.getByRole("region", {name: "Summary"});
    await expect.poll(() => visibleText(summary)).toContain("Not blind");
    expect(await visibleText(summary)).toContain(`${runItems.length} of ${runItems.length} exact`);
    expect(await visibleText(summary)).not.toMatch(/Passed/);

    // A second run after a finished one is not blind either: every ruling showed at the end of the first.
    await page.getByRole("button", {name: "Take it again"}).click();
    await page.waitForURL((url) => url.search === "?pool=calibration&run=2");
    await page
      .getByRole("status")
      .filter({hasText: /can't be blind/})
      .waitFor();
    const card = await showItem(page, runItems[0]!.id);
    expect(await radio(card, 4).isChecked()).toBe(false);
    expect(site.problems).toEqual([]);
  }, 90_000);

  it("counts Edge case 4, whose ruling is Calibration D's, as seeing that ruling: the fresh cases are offered", async () => {
    // The case study's edge-case map, row 4: "Justified clarifying question … Main task met; see Calibration D".
    const page = await freshPage("/edge-cases#edge-4");
    await commit(page, "edge-4", 5);
    await page.goto("/");
    const offer = page.getByRole("region", {name: "Already rate for a living?"});
    await expect
      .poll(() => visibleText(offer))
      .toContain("You have seen the calibration cases' rulings in Part 5, so this self-check uses seven fresh cases");
    await page.goto("/self-check");
    await scoreGroup(itemOf(page, fresh.items[0]!)).waitFor();
    // The calibration cases' run, by its address, is for practice, and says through which case.
    await page.goto("/self-check?pool=calibration");
    const notice = page.getByRole("status").filter({hasText: /can't be blind/});
    await notice.waitFor();
    expect(await visibleText(notice)).toContain(
      "You have seen the ruling of Calibration D (through Edge case 4 in Part 5, whose ruling points to it).",
    );
    expect(site.problems).toEqual([]);
  });
});

describe("answers kept across guideline versions, and starting over", () => {
  const answerUnder = (item: string, version: string, score: Score): Answer => ({
    item,
    phase: "guideline",
    attempt: 1,
    score,
    guideline: version,
    at: "2025-01-01T00:00:00.000Z",
  });
  const loadAnswers = async (page: Page, answers: Answer[]) => {
    const record = {app: "rater-notebook" as const, version: 1 as const, answers};
    await saveRecord(page, serializeProgress(record));
    await page.reload();
  };

  it("says so on an item whose ruling moved since the trainee scored it under an older version, and only there", async () => {
    // Which Part 4 items an older version rules differently is the engine's to say, not the test's.
    const versions = loadGuidelines();
    const older = versions.find((version) => version.version !== guideline.version)!;
    const scoreUnder = (item: Item, version: typeof older) => derive(item, ruleSetOf(version)).score;
    const examples = itemsOfSet("examples");
    const moved = examples.find((item) => scoreUnder(item, older) !== scoreUnder(item, guideline))!;
    const kept = examples.find((item) => scoreUnder(item, older) === scoreUnder(item, guideline))!;
    expect(moved, `an example that ${older.version} rules differently`).toBeDefined();
    expect(kept, `an example that ${older.version} rules the same`).toBeDefined();

    const page = await freshPage("/rubric");
    await loadAnswers(page, [answerUnder(moved.id, older.version, 3), answerUnder(kept.id, older.version, 3)]);
    const movedCard = await showItem(page, moved.id);
    await ruling(movedCard).waitFor({state: "visible"});
    expect(await visibleText(ruling(movedCard))).toContain("You scored this under an earlier version of the guideline");
    expect(await visibleText(ruling(movedCard))).toContain("The ruling shown is today's");
    const keptCard = await showItem(page, kept.id);
    await ruling(keptCard).waitFor({state: "visible"});
    expect(await visibleText(keptCard)).not.toContain("earlier version of the guideline");
    expect(site.problems).toEqual([]);
  }, 60_000);

  it("asks before it deletes: keeping the answers changes nothing, confirming empties every part", async () => {
    const page = await freshPage("/");
    await loadAnswers(page, [
      answerUnder("example-1", guideline.version, 5),
      answerUnder("calibration-a", guideline.version, 4),
    ]);
    const before = await storage(page, progressKey);

    const open = page.getByRole("button", {name: /^Start over/});
    const question = page.getByRole("group", {name: "Start over"});
    expect(await question.isVisible()).toBe(false);
    await open.click();
    await question.waitFor();
    expect(await visibleText(question)).toContain("2 answers");
    await question.getByRole("button", {name: "Keep my answers"}).click();
    expect(await question.isVisible()).toBe(false);
    expect(await storage(page, progressKey)).toBe(before);

    await open.click();
    await question.getByRole("button", {name: "Delete every answer"}).click();
    await page.getByRole("status").filter({hasText: "Every answer is deleted"}).waitFor();
    const saved = JSON.parse((await storage(page, progressKey)) ?? "{}") as {answers?: Answer[]};
    expect(saved.answers ?? []).toEqual([]);

    // The parts no longer count those answers, on a fresh load too.
    await page.goto("/calibration");
    // Counted once the page is drawn: until then the build's hidden copy says 0 whatever the record holds.
    await scoreGroup(itemOf(page, "calibration-a")).waitFor({state: "visible"});
    await expect.poll(() => partStatus(page).innerText()).toBe(`0 of ${itemsOfSet("calibration").length} scored`);
    expect(await ruling(itemOf(page, "calibration-a")).isVisible()).toBe(false);
    expect(site.problems).toEqual([]);
  }, 60_000);
});

/** Nothing of an item's ruling is visible in it. */
async function expectNoRulingText(card: Locator, item: Item): Promise<void> {
  const text = await visibleText(card);
  expect(text, item.id).not.toMatch(ruledScore);
  for (const secret of secrets(item, {vague: false})) expect(text, item.id).not.toContain(secret);
}
