/** A packed package: its tarball and the files it ships. */
export interface PackedPackage {
  tarball: string;
  files: string[];
}
export type PackedPackages = Record<"task-app" | "create-task-app", PackedPackage>;
export const PACKED_ENV: string;
export function packPackages(dest: string, env?: NodeJS.ProcessEnv): Promise<PackedPackages>;
export function readPacked(dir: string): PackedPackages;
export function needsPacked(file: string): boolean;
