// What the authoring and engine tests share: the message a call throws, to hold it to the exact words.

/** The message of the error `work` throws; a call that throws nothing fails the test. */
export function errorOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected an error");
}
