// "Start over" on the start page asks first: the first press only opens the question, with keeping the answers as the
// default; nothing is deleted until the trainee confirms.
export interface StartOverState {
  asking: boolean;
  /** How many answers the question says it deletes: counted when it opens. */
  answers: number;
  erased: boolean;
}

export type StartOverAction = {kind: "ask"; answers: number} | {kind: "keep"} | {kind: "erase"};

export const startOverStart: StartOverState = {asking: false, answers: 0, erased: false};

/** "Start over…" opens the question or, open, folds it; keeping or deleting closes it (a new state: focus moves). */
export function startOverStep(state: StartOverState, action: StartOverAction): StartOverState {
  switch (action.kind) {
    case "ask":
      return state.asking ? {...state, asking: false} : {...state, asking: true, answers: action.answers};
    case "keep":
      return {...state, asking: false};
    case "erase":
      return {asking: false, answers: 0, erased: true};
  }
}
