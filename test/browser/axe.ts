// axe-core's verdict on a page (or the part of it `include` selects), as one line per violation naming the rule and
// the elements, so a failing test says what to fix.
import AxeBuilder from "@axe-core/playwright";
import type {Page} from "playwright-core";

export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({page});
  const {violations} = await (include ? builder.include(include) : builder).analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}
