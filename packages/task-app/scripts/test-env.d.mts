/** The types of ./test-env.mjs (used by test/test-env.test.ts). */
export interface NpmCa {
  cafile?: string;
  ca?: string;
}
export declare function planTestEnvironment(
  env: NodeJS.ProcessEnv,
  npmCa: NpmCa | undefined,
  cafile: string,
): { env: NodeJS.ProcessEnv; cafile: { path: string; from: string } | undefined };
export declare function findNpmProjectDir(dir: string): string;
export declare function readNpmConfig(cwd: string, keys: string[], env?: NodeJS.ProcessEnv): Record<string, string> | undefined;
export declare function readNpmCa(cwd: string, env?: NodeJS.ProcessEnv): NpmCa | undefined;
export declare function renderNpmCafile(extra: string): string;
