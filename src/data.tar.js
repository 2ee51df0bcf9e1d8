// The site's one data loader. Every data file a page loads (./data/site.json, ./data/part-examples.json, ...) is a
// file in the tar archive this writes, and Framework extracts the ones a page asks for: one process reads and checks
// the authored files once (lib/node/site-data.ts), where a loader per file started TypeScript and read them again each.
// Plain JavaScript, so node starts it at once: in `npm run dev` it only fetches the archive scripts/dev.ts keeps up
// to date (RATER_NOTEBOOK_DEV_DATA); otherwise it compiles lib/ with tsx and builds the archive, and a broken
// authored file stops it, and the build, with the file, the field and the fix.
import {get} from "node:http";

const devData = process.env.RATER_NOTEBOOK_DEV_DATA;

if (devData) {
  get(devData, (response) => {
    if (response.statusCode === 200) response.pipe(process.stdout);
    else {
      response.pipe(process.stderr);
      response.on("end", () => (process.exitCode = 1));
    }
  }).on("error", (error) => {
    process.stderr.write(`data.tar.js: the dev server's data at ${devData} did not answer: ${error.message}\n`);
    process.exitCode = 1;
  });
} else {
  const {tsImport} = await import("tsx/esm/api");
  const {dataArchive, formatProblem} = await tsImport("../lib/node/site-data.ts", import.meta.url);
  const {contentRoot} = await tsImport("../lib/node/content-root.ts", import.meta.url);
  const {archive, problems} = dataArchive(contentRoot(process.env));
  if (archive) process.stdout.write(archive);
  else {
    // Each problem on its line, without a stack trace: the message is what the author needs.
    process.stderr.write(`${problems.map(formatProblem).join("\n")}\n`);
    process.exitCode = 1;
  }
}
