import {readFileSync} from "node:fs";
import {expect, it} from "vitest";
import {chatRequestBody, curlCommand, exampleModel, slugOrExample} from "../../../lib/probes/request.js";
import {ProbeVersion} from "../../../lib/probes/schema.node.js";

const v2 = ProbeVersion.parse(JSON.parse(readFileSync("data/probes/six-step-chain/v2.json", "utf8")));

it("builds the case study's \"run it yourself\" request, character for character, from v2's own data", () => {
  expect(curlCommand(v2)).toBe(`curl https://openrouter.ai/api/v1/chat/completions \\
  -H "Authorization: Bearer $OPENROUTER_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
  "model": "anthropic/claude-opus-5",
  "messages": [
    {
      "role": "user",
      "content": "Follow every step exactly.\\n\\n1. Start your reply with the line: BEGIN-7731\\n2. List the three largest planets in the Solar System, largest first, one per line, each prefixed with \\"- \\".\\n3. After the list, write the word COUNT: followed by the number of items you listed.\\n4. Do not mention Pluto anywhere in your reply.\\n5. Write the line CHECKSUM: followed by the number of steps in this list.\\n6. End your reply with the line END-7731 and write nothing after it."
    }
  ],
  "max_tokens": 1400,
  "temperature": 0
}'`);
});

it("swaps the model slug, keeps the key a shell variable, and quotes single quotes for the shell", () => {
  const curl = curlCommand({...v2, messages: [{role: "user", content: "it's"}]}, {model: "openai/gpt-5-mini"});
  expect(curl).toContain('"model": "openai/gpt-5-mini"');
  expect(curl).toContain(`"content": "it'\\''s"`);
  expect(curl).toContain("$OPENROUTER_API_KEY");
  expect(chatRequestBody(v2, "m")).toEqual({model: "m", messages: v2.messages, max_tokens: 1400, temperature: 0});
});

it("names the slug the reader typed in the curl text, trimmed, or the example's while the box is empty", () => {
  expect(slugOrExample("  openai/gpt-5-mini ")).toBe("openai/gpt-5-mini");
  expect(slugOrExample("   ")).toBe(exampleModel);
  expect(slugOrExample("", "x/y")).toBe("x/y");
});
