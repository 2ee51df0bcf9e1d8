// The one choice of a probe's current version, for the loader's navigation, the page's view and the commands.

/** Versions are given in version order (v1, v2, ...). */
export function newestVersion<V>(versions: readonly V[]): V | undefined {
  return versions.at(-1);
}
