// "Save as a new version" on the authors' page. A static site cannot write guideline/, so the dialog downloads the new
// version's folder as one archive (vN.tar: guideline.yaml and logic.yaml under vN/), written by the same writer as
// `guideline:preview -- --write vN` (lib/authoring/version-writer.ts), with each rule's text as the author reworded
// it in the dialog; it also shows that command, which writes the same changes with the texts as they are. The writer
// and the versions' files are loaded when the dialog first opens: the preview itself needs neither.
import type {AuthorsView} from "../lib/authoring/authors-page.js";
import type {VersionSources} from "../lib/authoring/version-writer.js";
import {assignmentWords} from "../lib/engine/parameter-words.js";
import {formatAssignment} from "../lib/engine/parameter-values.js";
import {formatChange} from "../lib/authoring/rule-changes.js";
import {nextVersion} from "../lib/authoring/version-name.js";
import {download} from "./download.js";
import {el, titled} from "./dom.js";
import type {Kept} from "./patch.js";

/** Each version's two files as text, by version: loaded with the dialog. */
export type SourcesLoader = () => Promise<Record<string, Omit<VersionSources, "version">>>;

/** The command that writes the same version from the command line (with the rule texts as they are). */
export function writeCommand(view: AuthorsView, version: string): string {
  const sets = [...view.choice.set.map(formatAssignment), ...view.changes.map(({change}) => formatChange(change))];
  return [
    "npm run guideline:preview --",
    `--candidate ${view.choice.candidate}`,
    ...sets.map((set) => `--set ${set}`),
    `--write ${version}`,
  ].join(" ");
}

/** The button and its dialog: a node the page keeps in step with each view. */
export function authorsSave(
  view: AuthorsView,
  {versions, loadSources}: {versions: readonly string[]; loadSources: SourcesLoader},
): Kept<AuthorsView> {
  const open = el("button", {"type": "button", "class": "button", "aria-haspopup": "dialog"}, "Save as a new version");
  const name = el("input", {id: "save-version", type: "text", required: true, pattern: "v[1-9][0-9]*"});
  const changes = el("ul", {class: "save-changes"});
  const texts = el("div", {class: "save-texts"});
  const command = el("code", {id: "save-command"});
  const problem = el("p", {class: "field-error", role: "alert", hidden: true});
  const done = el("p", {"class": "muted", "role": "status", "aria-live": "polite"});
  const save = el("button", {type: "button", class: "button", id: "save-download"}, "Download the version");
  const close = el("button", {type: "button", class: "button secondary"}, "Close");
  const dialog = titled(
    "dialog",
    {class: "save-dialog"},
    {titleId: "save-title", title: "Save the candidate as a new version"},
    el(
      "p",
      {},
      "The new version is its base with the changes below, and each rule's text as written here: reword a rule " +
        "whose clause now reads otherwise. Released versions stay as they are, so it takes a name no version has.",
    ),
    changes,
    el("div", {class: "choice-field"}, el("label", {for: "save-version"}, "New version"), name),
    problem,
    el("div", {class: "save-actions"}, save, close),
    done,
    el("p", {class: "muted"}, "Or write it from the command line, with the rule texts as they are: ", command),
    el("h3", {}, "The rules' texts"),
    texts,
  );

  let current = view;
  const versionName = () => name.value.trim();
  const update = (next: AuthorsView) => {
    current = next;
    const base = next.choice.candidate;
    changes.replaceChildren(
      el("li", {}, `Based on ${base}`),
      ...next.choice.set.map((assignment) => el("li", {}, assignmentWords(next.candidateVersion.logic, assignment))),
      ...next.changes.map((entry) => el("li", {}, entry.words)),
    );
    // The text boxes follow the candidate version; what an author typed for the same version stays.
    if (texts.dataset.version !== base) {
      texts.dataset.version = base;
      texts.replaceChildren(
        ...next.candidateVersion.rules.map((rule) =>
          el(
            "div",
            {class: "choice-field"},
            el("label", {for: `save-text-${rule.id}`}, `${rule.title} (${rule.id})`),
            el("textarea", {"id": `save-text-${rule.id}`, "rows": 3, "data-rule": rule.id}, rule.text),
          ),
        ),
      );
    }
    command.textContent = writeCommand(next, versionName());
  };
  name.value = nextVersion(versions);
  update(view);
  name.addEventListener("input", () => (command.textContent = writeCommand(current, versionName())));

  open.addEventListener("click", () => {
    problem.hidden = true;
    done.textContent = "";
    dialog.showModal();
  });
  close.addEventListener("click", () => dialog.close());
  save.addEventListener("click", () => {
    problem.hidden = true;
    void Promise.all([import("../lib/authoring/version-writer.js"), import("../lib/text/tar.js"), loadSources()])
      .then(([writer, archive, sources]) => {
        const base = current.choice.candidate;
        const edited = new Map(
          [...texts.querySelectorAll("textarea")].map((area) => [area.dataset.rule!, area.value] as const),
        );
        const titles = new Map(current.candidateVersion.rules.map((rule) => [rule.id, rule.title]));
        const version = versionName();
        const {files} = writer.versionFiles({
          base: {version: base, ...sources[base]!},
          version,
          versions,
          parameters: current.choice.set,
          changes: current.changes.map((entry) => entry.change),
          words: [
            ...current.choice.set.map((assignment) => assignmentWords(current.candidateVersion.logic, assignment)),
            ...current.changes.map((entry) => entry.words),
          ],
          texts: edited,
          titles,
        });
        const bytes = archive.tar(
          files.map((file) => ({name: file.path.replace(/^guideline\//, ""), content: file.text})),
        );
        download(bytes, `${version}.tar`, "application/x-tar");
        done.textContent =
          `Downloaded ${version}.tar: unpack it in guideline/ (tar -xf ${version}.tar -C guideline), then run ` +
          `npm run guideline:check -- --version ${version}.`;
      })
      .catch((error: unknown) => {
        problem.textContent = error instanceof Error ? error.message : String(error);
        problem.hidden = false;
      });
  });

  const section = el("div", {class: "save-version"}, open, dialog);
  return Object.assign(section, {update});
}
