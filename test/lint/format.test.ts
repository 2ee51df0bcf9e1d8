// npm test runs `eslint . && prettier --check .`: these show both fail on what they must, with the project's config.
import {readFileSync} from "node:fs";
import {join, resolve} from "node:path";
import {ESLint} from "eslint";
import * as prettier from "prettier";
import {expect, it} from "vitest";

const root = resolve(import.meta.dirname, "../..");

it("runs lint and the format check as part of npm test", () => {
  const {scripts} = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {scripts: Record<string, string>};
  expect(scripts.lint).toBe("eslint . && prettier --check .");
  expect(scripts.test).toContain("npm run lint");
});

it("finds a file Prettier would change, with the project's options (120 columns, no bracket spacing)", async () => {
  const file = join(root, "lib/example.ts");
  const options = {...(await prettier.resolveConfig(file)), filepath: file};
  expect(options).toMatchObject({printWidth: 120, bracketSpacing: false});
  expect(await prettier.check('import { a } from "./a.js";\n', options)).toBe(false);
  expect(await prettier.check('import {a} from "./a.js";\n', options)).toBe(true);
});

it("reports a line over 120 characters in code", async () => {
  const eslint = new ESLint({cwd: root});
  const long = `export const text = ${"1 + ".repeat(30)}1;\n`;
  const [result] = await eslint.lintText(long, {filePath: join(root, "lib/example.ts")});
  expect(result!.messages.map((message) => message.ruleId)).toContain("max-len");
});
