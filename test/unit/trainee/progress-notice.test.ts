// The notice about the saved record (lib/trainee/record-store.ts's noticeStep): what it says as the store's notice
// changes, and when replacing a held record is offered.
import {describe, expect, it} from "vitest";
import {noticeStart, noticeStep, type RecordNotice} from "../../../lib/trainee/record-store.js";

const record = {reason: "corrupted", message: "the record is not JSON", raw: "{"} as const;
const held: RecordNotice = {kind: "held", cause: "refused", record};
const unsaved: RecordNotice = {kind: "unsaved", setAside: null};

describe("the saved-progress notice", () => {
  it("shows the store's notice, offers replacing a held record once it is downloaded, then says it is replaced", () => {
    const start = noticeStart(held);
    expect(start).toEqual({notice: held, says: "notice", downloaded: false, exported: null});
    expect(noticeStep(start, {kind: "notice", notice: held})).toBe(start);
    const downloaded = noticeStep(start, {kind: "downloaded"});
    expect(downloaded.downloaded).toBe(true);
    expect(noticeStep(downloaded, {kind: "downloaded"})).toBe(downloaded);
    expect(noticeStep(downloaded, {kind: "notice", notice: null})).toMatchObject({notice: null, says: "replaced"});
  });

  it("asks for a download again before replacing another held record", () => {
    const downloaded = noticeStep(noticeStart(held), {kind: "downloaded"});
    const other: RecordNotice = {kind: "held", cause: "refused", record: {...record, raw: "[1"}};
    expect(noticeStep(downloaded, {kind: "notice", notice: other})).toMatchObject({notice: other, downloaded: false});
    // The same record told again (a new notice object) keeps the download.
    expect(noticeStep(downloaded, {kind: "notice", notice: {...held}}).downloaded).toBe(true);
  });

  it("says nothing without a notice, and that answers are saved again after one could not be", () => {
    const start = noticeStart(null);
    expect(start.says).toBe("nothing");
    expect(noticeStep(start, {kind: "notice", notice: null})).toBe(start);
    const failed = noticeStep(start, {kind: "notice", notice: unsaved});
    expect(failed).toMatchObject({notice: unsaved, says: "notice"});
    expect(noticeStep(failed, {kind: "notice", notice: null})).toMatchObject({notice: null, says: "saved-again"});
    expect(noticeStep(failed, {kind: "export", at: "2026-01-02T03:04:05.000Z"}).exported).toBe(
      "2026-01-02T03:04:05.000Z",
    );
  });
});
