// The rubric-writer check (edge case 11) as a tool: an author types the request's constraint and a criterion, and
// sees how they relate, both drawn as ranges of counts, and what the criterion does to responses, in the case study's
// words for its five rows.
import type {RubricWriter} from "../lib/authored/schemas/content.js";
import {
  editWriter,
  fieldsOf,
  readWriter,
  rowProblem,
  type ConstraintFields,
  type CountConstraint,
  type CountRange,
  type Relation,
  type WriterAction,
  type WriterFields,
} from "../lib/authoring/rubric-writer.js";
import {ticks} from "d3-array";
import {authorsChartWidth} from "./authors.js";
import {el, svg, type Child, live, type Live} from "./dom.js";

const kinds: {value: CountConstraint["kind"]; label: string}[] = [
  {value: "at-most", label: "at most"},
  {value: "at-least", label: "at least"},
  {value: "exactly", label: "exactly"},
  {value: "between", label: "between"},
];

/** A constraint as a kind and one or two counts, each a labelled control; the upper count only for "between". */
function ConstraintField({
  side,
  legend,
  fields,
}: {
  side: "request" | "criterion";
  legend: string;
  fields: ConstraintFields;
}): HTMLElement {
  const id = `writer-${side}`;
  const between = fields.kind === "between";
  const count = (name: "n" | "max", label: string) =>
    el("input", {
      "id": `${id}-${name}`,
      "type": "number",
      "min": 0,
      "step": 1,
      "inputmode": "numeric",
      "value": fields[name],
      "aria-label": `${legend}: ${label}`,
      "data-side": side,
      "data-field": name,
      "hidden": name === "max" && !between,
    });
  return el(
    "fieldset",
    {class: "constraint-field"},
    el("legend", {}, legend),
    el(
      "select",
      {"id": `${id}-kind`, "aria-label": `${legend}: kind`, "data-side": side, "data-field": "kind"},
      kinds.map(({value, label}) => el("option", {value, selected: value === fields.kind}, label)),
    ),
    count("n", between ? "lower count" : "count"),
    el("span", {hidden: !between}, "and"),
    count("max", "upper count"),
  );
}

/**
 * Both ranges on one number line: the request above, the criterion below; an open end runs off with an arrow. Drawn
 * in a phone's width of the viewBox (`authorsChartWidth`), so its text stays readable at 390 px; the counts along the
 * axis are d3's round steps, so a count in the hundreds labels a few ticks instead of running them together.
 */
function NumberLine(request: CountRange, criterion: CountRange, summary: string): SVGSVGElement {
  const ends = [request[0], criterion[0], request[1] ?? request[0], criterion[1] ?? criterion[0]];
  const last = Math.max(4, ...ends) + 2;
  const [width, left, right] = [authorsChartWidth, 16, 16];
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
  for (const count of ticks(0, last, 8).filter(Number.isInteger)) {
    root.append(svg("line", {x1: x(count), x2: x(count), y1: 92, y2: 100, class: "number-line-axis"}));
    root.append(svg("text", {"x": x(count), "y": 114, "text-anchor": "middle"}, String(count)));
  }
  return root;
}

export function RubricWriterTool(writer: RubricWriter): Live<WriterFields, WriterAction> {
  const rowOf = (relation: Relation) => writer.rows.find((row) => row.relation === relation)!;
  const Result = (fields: WriterFields): Child => {
    const reading = readWriter(fields);
    if (reading.problem !== null) return el("p", {class: "writer-error", role: "alert"}, reading.problem);
    const {relation, summary, penalized, rewarded} = reading;
    return [
      el(
        "p",
        {class: `writer-relation relation-${relation}`},
        el("strong", {}, rowOf(relation).relationship),
        ` (like “${rowOf(relation).criterion}” against “${writer.request.text}” in the case study's table). `,
        el("span", {class: "writer-problem"}, `Problem: ${rowProblem(writer.rows, relation)}.`),
      ),
      el(
        "figure",
        {class: "number-line-figure"},
        NumberLine(reading.request, reading.criterion, summary),
        el("figcaption", {}, summary),
      ),
      el(
        "ul",
        {class: "writer-consequences"},
        el(
          "li",
          {},
          penalized ? `${rowOf("narrower").problem}: ${penalized}.` : "No compliant response fails the criterion.",
        ),
        el(
          "li",
          {},
          rewarded
            ? `${rowOf("broader").problem}: ${rewarded}.`
            : "No response that breaks the request passes the criterion.",
        ),
      ),
    ];
  };
  const start: WriterFields = {
    request: fieldsOf(writer.request.constraint),
    criterion: fieldsOf({kind: "exactly", n: 2}),
    ceilingNeedsOne: false,
  };
  return live<WriterFields, WriterAction>(start, {
    update: editWriter,
    view: (fields) =>
      el(
        "section",
        {"class": "item-card rubric-writer-tool", "aria-labelledby": "writer-title"},
        el("h2", {id: "writer-title"}, "Check a criterion against its request"),
        el("p", {}, writer.intro),
        el(
          "div",
          {class: "writer-fields"},
          ConstraintField({side: "request", legend: "The request's constraint", fields: fields.request}),
          ConstraintField({side: "criterion", legend: "The rubric criterion", fields: fields.criterion}),
        ),
        el(
          "p",
          {class: "writer-option"},
          el(
            "label",
            {for: "writer-ceiling"},
            el("input", {type: "checkbox", id: "writer-ceiling", checked: fields.ceilingNeedsOne}),
            " Read “at most” as needing at least one (the raters' numbers rule); " +
              "the case study's table counts it from 0",
          ),
        ),
        el("div", {"class": "writer-result", "aria-live": "polite"}, Result(fields)),
      ),
    on: {
      input: (event) => {
        const control = event.target as HTMLInputElement | HTMLSelectElement;
        const {side, field} = control.dataset;
        if (!side || !field) return undefined;
        return {
          kind: "field",
          side: side as "request" | "criterion",
          field: field as keyof ConstraintFields,
          value: control.value,
        };
      },
      change: (event) => {
        const box = event.target;
        return box instanceof HTMLInputElement && box.id === "writer-ceiling"
          ? {kind: "ceiling", on: box.checked}
          : undefined;
      },
    },
  });
}
