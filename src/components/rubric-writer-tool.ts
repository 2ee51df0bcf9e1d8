// The rubric-writer check (edge case 11) as a tool: an author types the request's constraint and a criterion, and
// sees how they relate, both drawn as ranges of counts, and what the criterion does to responses, in the case study's
// words for its five rows.
import type {RubricWriter} from "../lib/authored/schemas/content.js";
import {
  consequences,
  constraintProblem,
  countRange,
  describeConstraint,
  describeRange,
  type CountConstraint,
  type CountRange,
  type Relation,
} from "../lib/authoring/rubric-writer.js";
import {el, svg} from "./dom.js";

const kinds: {value: CountConstraint["kind"]; label: string}[] = [
  {value: "at-most", label: "at most"},
  {value: "at-least", label: "at least"},
  {value: "exactly", label: "exactly"},
  {value: "between", label: "between"},
];

interface ConstraintInput {
  element: HTMLElement;
  read(): CountConstraint;
}

/** A constraint as a kind and one or two counts, each a labelled control. */
function ConstraintField(id: string, legend: string, initial: CountConstraint, onChange: () => void): ConstraintInput {
  const kind = el(
    "select",
    {"id": `${id}-kind`, "aria-label": `${legend}: kind`},
    kinds.map(({value, label}) => el("option", {value, selected: value === initial.kind}, label)),
  );
  const count = (name: string, value: number, label: string) =>
    el("input", {
      "id": `${id}-${name}`,
      "type": "number",
      "min": 0,
      "step": 1,
      "inputmode": "numeric",
      value,
      "aria-label": `${legend}: ${label}`,
    });
  const first = initial.kind === "between" ? initial.min : initial.n;
  const n = count("n", first, "count");
  const max = count("max", initial.kind === "between" ? initial.max : first + 2, "upper count");
  const and = el("span", {}, "and");
  const showRange = () => {
    const between = kind.value === "between";
    and.hidden = !between;
    max.hidden = !between;
    n.setAttribute("aria-label", `${legend}: ${between ? "lower count" : "count"}`);
  };
  showRange();
  for (const control of [kind, n, max])
    control.addEventListener("input", () => {
      showRange();
      onChange();
    });
  return {
    element: el("fieldset", {class: "constraint-field"}, el("legend", {}, legend), kind, n, and, max),
    read: () => {
      const value = kind.value as CountConstraint["kind"];
      const low = n.valueAsNumber;
      return value === "between" ? {kind: value, min: low, max: max.valueAsNumber} : {kind: value, n: low};
    },
  };
}

const relationWords: Record<Relation, string> = {
  "same": "the same as",
  "narrower": "narrower than",
  "broader": "broader than",
  "partial-overlap": "partly overlapping",
  "no-overlap": "not overlapping at all with",
};

/** Both ranges on one number line: the request above, the criterion below; an open end runs off with an arrow. */
function NumberLine(request: CountRange, criterion: CountRange, summary: string): SVGSVGElement {
  const ends = [request[0], criterion[0], request[1] ?? request[0], criterion[1] ?? criterion[0]];
  const last = Math.max(4, ...ends) + 2;
  const [width, left, right] = [560, 24, 24];
  const x = (count: number) => left + (count / last) * (width - left - right);
  const root = svg("svg", {
    "viewBox": `0 0 ${width} 118`,
    "role": "img",
    "aria-label": summary,
    "class": "number-line",
  });
  const bar = (range: CountRange, y: number, label: string, className: string) => {
    const [from, to] = [x(range[0]), range[1] === null ? width - 6 : x(range[1])];
    root.append(svg("text", {x: left, y: y - 8, class: "number-line-label"}, label));
    root.append(
      svg("rect", {x: from - 5, y, width: Math.max(10, to - from + 10), height: 14, rx: 7, class: className}),
    );
    if (range[1] === null) root.append(svg("path", {d: `M${width - 8} ${y - 3} l8 10 l-8 10 z`, class: className}));
  };
  bar(request, 22, "Request", "range-request");
  bar(criterion, 62, "Criterion", "range-criterion");
  root.append(svg("line", {x1: left - 8, x2: width - 4, y1: 96, y2: 96, class: "number-line-axis"}));
  for (let count = 0; count <= last; count++) {
    root.append(svg("line", {x1: x(count), x2: x(count), y1: 92, y2: 100, class: "number-line-axis"}));
    root.append(svg("text", {"x": x(count), "y": 114, "text-anchor": "middle"}, String(count)));
  }
  return root;
}

export function RubricWriterTool(writer: RubricWriter): HTMLElement {
  const problemOf = (relation: Relation) => writer.rows.find((row) => row.relation === relation)!.problem;
  const exampleOf = (relation: Relation) => writer.rows.find((row) => row.relation === relation)!.criterion;
  const result = el("div", {"class": "writer-result", "aria-live": "polite"});
  const ceiling = el("input", {type: "checkbox", id: "writer-ceiling"});
  const update = () => {
    const [requestConstraint, criterionConstraint] = [request.read(), criterion.read()];
    const problem = constraintProblem(requestConstraint) ?? constraintProblem(criterionConstraint);
    if (problem) {
      result.replaceChildren(el("p", {class: "writer-error", role: "alert"}, `Cannot classify: ${problem}.`));
      return;
    }
    const options = {ceilingNeedsOne: ceiling.checked};
    const [requestRange, criterionRange] = [
      countRange(requestConstraint, options),
      countRange(criterionConstraint, options),
    ];
    const {relation, penalizes, rewards} = consequences(requestRange, criterionRange);
    const summary =
      `The criterion “${describeConstraint(criterionConstraint)}” (${describeRange(criterionRange)}) is ` +
      `${relationWords[relation]} the request's “${describeConstraint(requestConstraint)}” ` +
      `(${describeRange(requestRange)}).`;
    const counts = (ranges: CountRange[]) => ranges.map(describeRange).join(" or ");
    const penalized = `a response giving ${counts(penalizes)} meets the request but fails the criterion`;
    const rewarded = `a response giving ${counts(rewards)} breaks the request but passes the criterion`;
    result.replaceChildren(
      el(
        "p",
        {class: `writer-relation relation-${relation}`},
        el("strong", {}, writer.rows.find((row) => row.relation === relation)!.relationship),
        ` (like “${exampleOf(relation)}” against “${writer.request.text}” in the case study's table). `,
        el("span", {class: "writer-problem"}, `Problem: ${problemOf(relation)}.`),
      ),
      el(
        "figure",
        {class: "number-line-figure"},
        NumberLine(requestRange, criterionRange, summary),
        el("figcaption", {}, summary),
      ),
      el(
        "ul",
        {class: "writer-consequences"},
        el(
          "li",
          {},
          penalizes.length ? `${problemOf("narrower")}: ${penalized}.` : "No compliant response fails the criterion.",
        ),
        el(
          "li",
          {},
          rewards.length
            ? `${problemOf("broader")}: ${rewarded}.`
            : "No response that breaks the request passes the criterion.",
        ),
      ),
    );
  };
  const request = ConstraintField("writer-request", "The request's constraint", writer.request.constraint, update);
  const criterion = ConstraintField("writer-criterion", "The rubric criterion", {kind: "exactly", n: 2}, update);
  ceiling.addEventListener("change", update);
  update();
  return el(
    "section",
    {"class": "item-card rubric-writer-tool", "aria-labelledby": "writer-title"},
    el("h2", {id: "writer-title"}, "Check a criterion against its request"),
    el("p", {}, writer.intro),
    el("div", {class: "writer-fields"}, request.element, criterion.element),
    el(
      "p",
      {class: "writer-option"},
      el(
        "label",
        {for: "writer-ceiling"},
        ceiling,
        " Read “at most” as needing at least one (the raters' numbers rule); the case study's table counts it from 0",
      ),
    ),
    result,
  );
}
