// npm run probes:score -- <probe> [--version v2] [--file reply.txt] [--json]
// Scores a reply (a file, or standard input) against a probe version: strict (the score) and loose beside it.
import {readFileSync} from "node:fs";
import {resolve} from "node:path";
import {parseArgs} from "node:util";
import {formatTotal, loadProbes, probesDir, scoreBoth} from "../lib/probes/index.js";
import {formatProblem} from "../lib/problems.js";

function fail(message: string): never {
  console.error(`probes:score: ${message}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      version: {type: "string"},
      file: {type: "string"},
      json: {type: "boolean", default: false},
      root: {type: "string", default: "."},
    },
  });
} catch (error) {
  fail((error as Error).message.toLowerCase());
}
const {values, positionals} = parsed;
const [name] = positionals;
if (!name) fail("usage: npm run probes:score -- <probe> [--version v2] [--file reply.txt] [--json]");
const loaded = loadProbes(resolve(values.root), {backtracking: false});
const probe = loaded.probes.find((p) => p.probe === name);
if (!probe)
  fail(`unknown probe "${name}": expected one of ${loaded.probes.map((p) => p.probe).join(", ") || "(none)"}`);
const problems = loaded.errors.filter((problem) => problem.file.startsWith(`${probesDir}/${name}/`));
if (problems.length > 0) fail(problems.map(formatProblem).join("\n"));
const version = values.version ? probe.versions.find((v) => v.data.version === values.version) : probe.versions.at(-1);
if (!version)
  fail(
    `unknown version "${values.version}" of ${name}: expected one of ${probe.versions.map((v) => v.data.version).join(", ")}`,
  );

let text: string;
try {
  text = readFileSync(values.file ?? 0, "utf8");
} catch (error) {
  fail(`${values.file ?? "standard input"}: cannot read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
}
const report = scoreBoth(version.data.rules, text);
if (values.json) {
  console.log(JSON.stringify({probe: name, version: version.data.version, ...report}, null, 2));
} else {
  const {strict, loose} = report;
  console.log(
    `${name} ${version.data.version}: ${formatTotal(strict.total)} (${strict.passed} of ${strict.of} steps, strict)   loose: ${formatTotal(loose.total)} (${loose.passed} of ${loose.of})`,
  );
  strict.rules.forEach((rule, i) => {
    const l = loose.rules[i];
    const span = rule.span
      ? ` ${rule.mode === "must-match" ? "matched" : "found"} ${JSON.stringify(rule.span.text)} at ${rule.span.start}`
      : "";
    const looseNote =
      l && l.outcome !== rule.outcome ? `   loose: ${l.outcome}${l.variant ? ` (${l.variant})` : ""}` : "";
    console.log(`  step ${rule.step} ${rule.outcome === "pass" ? "pass" : "FAIL"}  ${rule.id}${span}${looseNote}`);
  });
}
process.exit(report.strict.total === 1 ? 0 : 1);
