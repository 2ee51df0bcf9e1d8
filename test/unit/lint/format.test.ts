// npm test runs `npm run lint`: these show that the script, as package.json states it, fails on what it must, with
// the project's configuration (ESLint's and Prettier's), and passes what it must.
import {spawnSync} from "node:child_process";
import {stripVTControlCharacters} from "node:util";
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {delimiter, join, resolve} from "node:path";
import {ESLint} from "eslint";
import * as prettier from "prettier";
import {afterAll, beforeAll, describe, expect, it} from "vitest";

const root = resolve(import.meta.dirname, "../../..");

describe("npm run lint", () => {
  let copy = "";
  beforeAll(() => {
    // The project's lint configuration and package.json, with one source file the tests write: the lint script run
    // there is the one package.json holds, over a project small enough to lint in a few seconds.
    copy = mkdtempSync(join(tmpdir(), "rater-notebook-lint-"));
    for (const file of ["package.json", "eslint.config.js", ".prettierrc.json", ".prettierignore"])
      copyFileSync(join(root, file), join(copy, file));
    symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
    mkdirSync(join(copy, "lib"));
  });
  afterAll(() => rmSync(copy, {recursive: true, force: true}));

  /**
   * Runs package.json's lint script over lib/example.ts holding `source`, as npm would: through a shell, with the
   * project's node_modules/.bin first on the PATH (npm itself is left out: it may ask the registry for updates).
   */
  function lint(source: string): {status: number | null; output: string} {
    writeFileSync(join(copy, "lib/example.ts"), source);
    const {scripts} = JSON.parse(readFileSync(join(copy, "package.json"), "utf8")) as {scripts: Record<string, string>};
    const result = spawnSync("sh", ["-c", scripts.lint!], {
      cwd: copy,
      encoding: "utf8",
      timeout: 60_000,
      env: {...process.env, PATH: `${join(copy, "node_modules", ".bin")}${delimiter}${process.env.PATH ?? ""}`},
    });
    // Under CI=true the tools colour their output: read it as text.
    return {status: result.status, output: stripVTControlCharacters(result.stdout + result.stderr)};
  }

  it("passes a file that is linted and formatted", () => {
    const {status, output} = lint('import {a} from "./a.js";\n\nexport const b = {a};\n');
    expect(status, output).toBe(0);
  });

  it("fails on a file Prettier would change, naming it", () => {
    const {status, output} = lint('import { a } from "./a.js";\n\nexport const b = { a };\n');
    expect(status).not.toBe(0);
    expect(output).toMatch(/\[warn\] lib\/example\.ts/);
  });

  it("fails on an ESLint error in a formatted file: a page's module importing node:fs", () => {
    const {status, output} = lint('import {readFileSync} from "node:fs";\n\nexport const read = readFileSync;\n');
    expect(status).not.toBe(0);
    expect(output).toContain("lib/example.ts");
    expect(output).toContain("no-restricted-imports");
  });

  it("is a step of npm test", () => {
    const {scripts} = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    // A step on its own (`npm run lint`), or a script a step runs side by side or in turn (`run-p ... lint ...`),
    // followed through the scripts it names (`run-p static suite`, `static` running lint among others).
    // A step run at a lower priority (`nice -n 10 run-p ...`) is read as the command it runs.
    const runsLint = (words: string[]): boolean =>
      words[0] === "nice"
        ? runsLint(words.slice(words[1] === "-n" ? 3 : 1))
        : words.join(" ") === "npm run lint" ||
          (["run-p", "run-s"].includes(words[0]!) &&
            words.some(
              (word) => word === "lint" || (scripts[word] !== undefined && runsLint(scripts[word]!.split(/\s+/))),
            ));
    const steps = scripts.test!.split("&&").map((step) => step.trim().split(/\s+/));
    expect(steps.filter(runsLint)).toHaveLength(1);
  });
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
