/** The files lint checks: `git ls-files`, or without git the tree walked with the root .gitignore's rules. */
export function projectFiles(root?: string): string[];
