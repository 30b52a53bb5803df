/** The types of ./test-groups.mjs (used by test/test-groups.test.ts). */
export interface TestSuite {
  original: string;
  run: string;
  compiled: boolean;
}
export type TestEntry = { file: string } | { members: string[] };
export declare const OWN_PROCESS_MARK: RegExp;
export declare const SHARED_GROUP_MARK: RegExp;
export declare function groupSizeFrom(env: Record<string, string | undefined>): number;
export declare function planTestGroups(suites: TestSuite[], size: number, readText?: (file: string) => string): TestEntry[];
export declare function groupFilePath(dir: string, index: number): string;
export declare function isGroupFile(file: string | undefined): boolean;
export declare function renderGroupFile(members: string[]): string;
export declare function nameGroupFiles(text: string): string;
