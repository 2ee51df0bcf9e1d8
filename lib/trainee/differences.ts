// What a ruling says of one line: a rule as the feedback cites it, each kind of place where the trainee's checklist
// and the ruled one part (lib/trainee/feedback.ts finds them), and a line that sets the score for a score given alone.
import type {ChecklistRuleId} from "../authored/schemas/item.js";
import type {Verdict} from "../authored/schemas/verdict.js";

/** A rule as the feedback cites it: its title (not its id), the sentence of it that applies, and where it lives. */
export interface RuleCitation {
  id: ChecklistRuleId;
  title: string;
  sentence: string;
}

/** One place where the trainee's checklist and the ruled one part. */
export type Difference =
  | {
      /** They listed the line and checked it otherwise. */
      kind: "verdict";
      text: string;
      yourWords: string;
      yours: Verdict;
      ruled: Verdict;
      main: boolean;
      /** The case study does not rule this line: the site reads it in, for the reason `because` gives. */
      inferred: boolean;
      because: string | null;
      rule: RuleCitation;
    }
  | {
      /** They did not list a ruled line. */
      kind: "missing";
      text: string;
      ruled: Verdict;
      main: boolean;
      inferred: boolean;
      because: string | null;
      /** The Step-1 rule that puts it on the checklist: a missing line is a Step-1 miss. */
      listRule: RuleCitation;
    }
  | {
      kind: "not-checked";
      text: string;
      yourWords: string;
      ruled: Verdict;
      main: boolean;
      inferred: boolean;
      because: string | null;
    }
  | {
      /** They listed something the ruled checklist does not hold. */
      kind: "extra";
      yourWords: string;
      status: "candidate" | "not-on-checklist" | "repeat";
      /** Why it is off the checklist, for a line the case names (a candidate). */
      note: string | null;
      inferred: boolean;
      because: string | null;
      rule: RuleCitation;
    }
  | {
      /**
       * The trainee grouped the request's words otherwise than the ruling: one of their lines holds several ruled
       * lines ("splits": the ruling splits it into `lines`), or a ruled line is on their list twice, in pieces or again
       * ("keeps": the ruling keeps it as the one line `lines[0]`). Said in one sentence, and nothing more about it.
       */
      kind: "grouping";
      yourWords: string;
      how: "splits" | "keeps";
      lines: string[];
    }
  | {
      /** Their main task is another line, or none; `listed`: whether they listed the ruled main task at all. */
      kind: "main";
      yourMain: string | null;
      ruledMain: string;
      listed: boolean;
      /** The rule that says what the main task is. */
      rule: RuleCitation;
    };

/** A line that sets the score, for a trainee who gave a score alone: what they would have had to see. */
export interface DecidingLine {
  text: string;
  ruled: Verdict;
  main: boolean;
  inferred: boolean;
  because: string | null;
  rule: RuleCitation;
}
