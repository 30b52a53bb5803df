/** The types of ./test-mirror.mjs (used by test/test-mirror.test.ts). */
export declare const mirrorDir: string;
export declare const MIRROR_ENV: string;
export declare function mirrorPathOf(file: string): string;
export declare function renameMirrorPaths(text: string): string;
export declare function withOriginalPaths<T extends { data: unknown }>(source: AsyncIterable<T>): AsyncGenerator<T>;
export declare function buildMirror(suites: string[]): Promise<string[]>;
export declare function originalName(text: string): string;
