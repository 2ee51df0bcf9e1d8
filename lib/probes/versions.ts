// Which version of a probe is the current one: the newest, by version number. One function, used by the loader's
// navigation, the page's view and the commands' version choice.

/** The newest of a probe's versions, given in version order (v1, v2, ...), or undefined when there is none. */
export function newestVersion<V>(versions: readonly V[]): V | undefined {
  return versions.at(-1);
}
