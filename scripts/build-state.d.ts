/** See build-state.js. */
export declare const BUILD_SOURCES: readonly string[];
export declare function staleBuild(root: string): string | undefined;
export declare function buildIfStale(root: string, log?: (line: string) => void): boolean;
