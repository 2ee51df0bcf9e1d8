// The notice about the saved progress, as it stands: the store's notice it last showed, what it says now (the notice,
// that answers are saved again, that the record is replaced, or nothing), whether the trainee has downloaded the
// record held where it was (only then is replacing it offered), and the last download of everything answered.
import {noticeChange, type RecordNotice} from "./record-store.js";

export interface NoticeState {
  notice: RecordNotice | null;
  says: "nothing" | "notice" | "saved-again" | "replaced";
  downloaded: boolean;
  /** When everything answered was last downloaded (the file's time and name come from it). */
  exported: string | null;
}

export type NoticeAction =
  {kind: "notice"; notice: RecordNotice | null} | {kind: "downloaded"} | {kind: "export"; at: string};

export const noticeStart = (notice: RecordNotice | null): NoticeState => ({
  notice,
  says: notice ? "notice" : "nothing",
  downloaded: false,
  exported: null,
});

/** Whether two notices hold the same record where it was. */
const sameHeld = (a: RecordNotice | null, b: RecordNotice) =>
  a?.kind === "held" && b.kind === "held" && a.record.raw === b.record.raw;

export function noticeStep(state: NoticeState, action: NoticeAction): NoticeState {
  switch (action.kind) {
    case "notice": {
      const change = noticeChange(state.notice, action.notice);
      switch (change.kind) {
        case "unchanged":
          return state;
        case "show":
          // Another record held: the download that allows replacing it was of the one before.
          return {
            ...state,
            notice: change.notice,
            says: "notice",
            downloaded: state.downloaded && sameHeld(state.notice, change.notice),
          };
        case "clear":
          return {...state, notice: null, says: "nothing"};
        default:
          return {...state, notice: null, says: change.kind};
      }
    }
    case "downloaded":
      return state.downloaded ? state : {...state, downloaded: true};
    case "export":
      return {...state, exported: action.at};
  }
}
