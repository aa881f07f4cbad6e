/** The file a relative specifier names (relative to `root`), or null for packages and virtual modules. */
export function resolveImport(root: string, fromFile: string, specifier: string): string | null;
