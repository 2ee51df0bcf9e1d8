// The content root (NOTEBOOK_CONTENT): where guideline/ and data/ are read from, and where the build puts the site.
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {contentPath, contentRoot, siteOutput} from "../../../lib/node/content-root.js";
import {loadCaseStudyIfAny, loadRubricWriterIfAny, projectRoot} from "../../../lib/node/load.js";

describe("the content root", () => {
  it("is the project's own, built into dist/, when NOTEBOOK_CONTENT is unset or empty", () => {
    for (const env of [{}, {NOTEBOOK_CONTENT: ""}]) {
      expect(contentRoot(env)).toBe(projectRoot);
      expect(siteOutput(env)).toBe("dist");
    }
    // A folder that is the project itself is the project's own content: its site is dist/.
    expect(siteOutput({NOTEBOOK_CONTENT: "."})).toBe("dist");
  });

  it("is the folder NOTEBOOK_CONTENT names, from the project's folder or absolute, built into dist-<folder>/", () => {
    const fixture = join(projectRoot, "test/fixtures/second-guideline");
    for (const given of ["test/fixtures/second-guideline", fixture, "test/fixtures/second-guideline/"]) {
      expect(contentRoot({NOTEBOOK_CONTENT: given})).toBe(fixture);
      expect(siteOutput({NOTEBOOK_CONTENT: given})).toBe("dist-second-guideline");
    }
  });

  it("names a file in it as an author finds it from the project's folder: under the folder, or absolute outside it", () => {
    expect(contentPath({}, "data/items/edge-11.md")).toBe("data/items/edge-11.md");
    expect(contentPath({NOTEBOOK_CONTENT: "test/fixtures/second-guideline/"}, "data/items/a.md")).toBe(
      "test/fixtures/second-guideline/data/items/a.md",
    );
    // A review's case:new under NOTEBOOK_CONTENT said "wrote data/items/new-case-1.md", the project's own folder.
    expect(contentPath({NOTEBOOK_CONTENT: "/srv/other-guideline"}, "data/items/a.md")).toBe(
      "/srv/other-guideline/data/items/a.md",
    );
  });

  it("reads the case study's opening and the rubric-writer check where they are, and null where the content has none", () => {
    expect(loadCaseStudyIfAny(projectRoot)?.problem.title).toBe("The Problem");
    expect(loadRubricWriterIfAny(projectRoot)?.rows).toHaveLength(5);
    const other = join(projectRoot, "test/fixtures/content/broken");
    expect(loadCaseStudyIfAny(other)).toBeNull();
    expect(loadRubricWriterIfAny(other)).toBeNull();
  });
});
